import type { AppRouter } from '@shunkan/api-router';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { TEXT } from '@shunkan/config/texts';
import { getIdToken } from './firebase';

export const trpc = createTRPCReact<AppRouter>();

/** Spec section 9: no retries, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Procedures a guest may call; everything else needs a signed-in user. */
const GUEST_PROCEDURES = /^(plans\.|demo\.|health)/;

export class SignedOutError extends Error {
  constructor() {
    super('signed out');
  }
}

/**
 * A batch is capped so that its URL stays within what every browser, proxy and the server accept
 * (the server takes procedure paths up to 4,096 characters): at most 10 calls and 2,083 characters,
 * beyond which tRPC splits it into several requests.
 */
export const BATCH_LIMITS = { maxItems: 10, maxURLLength: 2083 } as const;

export function trpcLinks() {
  return [
    httpBatchLink({
      url: '/api/trpc',
      ...BATCH_LIMITS,
      async headers({ opList }) {
        const token = await getIdToken();
        if (token) return { authorization: `Bearer ${token}` };
        // A protected call made while nobody is signed in (e.g. a query that started just as the
        // user signed out) fails here, in the browser, instead of sending a request that gets 401.
        if (opList.some((op) => !GUEST_PROCEDURES.test(op.path))) throw new SignedOutError();
        return {};
      },
    }),
  ];
}

export function createTrpcClient() {
  return trpc.createClient({ links: trpcLinks() });
}

/**
 * The server's Japanese message for a failed call, or the given fallback. Only an error the server
 * answered carries `data` (its formatter's code and status); a call that never reached it (the server
 * down, the network gone) or an answer that was not the server's (a proxy's page) is a
 * TRPCClientError too, whose message is the browser's English ("Failed to fetch"), shown on my page
 * before decision 061.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/** A call that got no answer from the server (it is down or unreachable, or answered 5xx without a message of ours). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === undefined || status >= 500;
}

export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code;
  return undefined;
}

/**
 * What to tell the user when a call failed although something answered it: the server's own message
 * (e.g. 「サーバーでエラーが発生しました。…」 for a 500), or, for an answer that was not the server's
 * (a proxy's 502 / 503 page, which is not JSON), that the service cannot be reached just now. Undefined
 * when nothing answered (the server down, the network gone): the screen says it could not connect.
 */
export function failureAnswerMessage(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  if (error.data) return errorMessage(error, TEXT.serverError);
  if (error.cause instanceof SyntaxError) return TEXT.serviceUnavailable;
  return undefined;
}
