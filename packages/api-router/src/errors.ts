import { TEXT } from '@shunkan/config/texts';
import { ACCOUNT_TEXT } from '@shunkan/config/account';
import { isDatabaseUnavailable } from '@shunkan/db';
import { isAccountGone } from '@shunkan/db/account-deletion';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/** The codes a domain refusal may carry: tRPC's vocabulary, so both doors share one status table. */
export type AppErrorCode = Exclude<TRPC_ERROR_CODE_KEY, 'PARSE_ERROR' | 'INTERNAL_SERVER_ERROR'>;

/**
 * The one domain error type: a refusal (or an outage) with a Japanese message meant for the user.
 * Domain, provider and procedure code throw it; `toHttpError` turns it into a status and body for the
 * tRPC door (error formatter) and the REST door (adapter, Fastify error handler) alike. Any other error
 * is internal: logged with the request id, answered 500 with the generic text, never shown.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type HttpErrorBody = {
  code: string;
  message: string;
  /** Field-level input problems (zod issues), for forms. */
  fieldErrors?: Array<{ path: string; message: string }>;
};

export type HttpError = {
  status: number;
  body: HttpErrorBody;
  /** Unexpected: to be logged as an error with the request id. */
  isInternal: boolean;
};

/** Generic Japanese texts for refusals that carry no message of ours (framework-level errors). */
function genericMessage(status: number): string {
  if (status === 401) return TEXT.unauthorized;
  if (status === 403) return TEXT.forbidden;
  if (status === 404) return TEXT.apiNotFound;
  if (status === 429) return TEXT.tooManyRequests;
  if (status === 501) return TEXT.notImplemented;
  if (status === 503) return TEXT.serviceUnavailable;
  if (status >= 500) return TEXT.serverError;
  return TEXT.invalidInput;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  406: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'BAD_REQUEST',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function fromAppError(error: AppError): HttpError {
  const status = getHTTPStatusCodeFromError(new TRPCError({ code: error.code }));
  return { status, body: { code: error.code, message: error.message }, isInternal: false };
}

function fromZodError(error: ZodError): HttpError {
  return {
    status: 400,
    body: { code: 'BAD_REQUEST', message: TEXT.invalidInput, fieldErrors: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    isInternal: false,
  };
}

/**
 * The grader's worker thread died while it held this answer (@shunkan/evaluator/worker
 * EvaluatorUnavailableError, read by its code so that this module needs no worker import): a new
 * worker already runs, so the learner hears "try again", not a server error.
 */
function isEvaluatorUnavailable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EVALUATOR_UNAVAILABLE';
}

const UNAVAILABLE: HttpError = { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable }, isInternal: false };
/** A request of an account deleted while it ran (decision 059): the caller has no account any more. */
const ACCOUNT_GONE: HttpError = { status: 401, body: { code: 'UNAUTHORIZED', message: ACCOUNT_TEXT.accountDeleted }, isInternal: false };
const INTERNAL: HttpError = { status: 500, body: { code: 'INTERNAL_SERVER_ERROR', message: TEXT.serverError }, isInternal: true };

/**
 * The one mapping from an error to an HTTP answer, used by both doors. Order: our own refusals
 * (AppError, possibly wrapped by tRPC), bad input (zod), a lost database (503), then framework errors
 * (tRPC's own, Fastify's 4xx) with a generic Japanese text; everything else is internal.
 */
export function toHttpError(error: unknown): HttpError {
  // tRPC wraps whatever a procedure or createContext throws; the cause is what was thrown.
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof AppError) return fromAppError(cause);
  if (cause instanceof ZodError) return fromZodError(cause);
  if (isDatabaseUnavailable(cause) || isEvaluatorUnavailable(cause)) return UNAVAILABLE;
  if (isAccountGone(cause)) return ACCOUNT_GONE;
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) return error.code === 'NOT_IMPLEMENTED' ? { status, body: { code: error.code, message: TEXT.notImplemented }, isInternal: false } : INTERNAL;
    return { status, body: { code: error.code, message: genericMessage(status) }, isInternal: false };
  }
  // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: { code: CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST', message: genericMessage(statusCode) }, isInternal: false };
  }
  return INTERNAL;
}

/**
 * What a procedure throws, as tRPC sees it: an AppError (or a lost database) keeps its code, so
 * `createCaller` users (tests, nobody in the server) see the same code the HTTP doors answer with.
 */
export function toTRPCError(error: unknown): unknown {
  if (error instanceof TRPCError && !(error.cause instanceof AppError) && !isDatabaseUnavailable(error.cause) && !isEvaluatorUnavailable(error.cause) && !isAccountGone(error.cause)) return error;
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  if (isAccountGone(cause)) return new TRPCError({ code: 'UNAUTHORIZED', message: ACCOUNT_TEXT.accountDeleted, cause });
  if (isDatabaseUnavailable(cause) || isEvaluatorUnavailable(cause)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable, cause });
  return error;
}
