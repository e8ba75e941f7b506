import { createCaller } from '@shunkan/api-router';
import { createContextInner, resolveSessionUser, type Services } from '@shunkan/api-router/context';
import type { Db } from '@shunkan/db';
import { TEXT } from '@shunkan/config/texts';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

export type Caller = ReturnType<typeof createCaller>;

/**
 * REST paths of the spec are thin adapters over the very same tRPC procedures, so input validation,
 * authentication and the admin check are identical whichever door a request comes through.
 */
export function createRestHandler(db: Db, services: Services, now: () => Date) {
  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const { user, authError } = await resolveSessionUser(db, services, request.headers.authorization, now());
    return createCaller(createContextInner({ db, services, user, authError, clientIp: request.ip, now }));
  }
  function rest<T>(call: (caller: Caller, request: FastifyRequest) => Promise<T>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerOf(request);
      try {
        const result = await call(caller, request);
        return reply.send(result ?? {});
      } catch (error) {
        return sendError(reply, error);
      }
    };
  }
  /**
   * For answers that are not JSON (CSV downloads): the callback checks the request through a procedure
   * with the caller first, then writes the reply itself; errors before the first byte get the usual JSON.
   */
  rest.custom = (handle: (caller: Caller, request: FastifyRequest, reply: FastifyReply, db: Db) => Promise<unknown>) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerOf(request);
      try {
        return await handle(caller, request, reply, db);
      } catch (error) {
        return sendError(reply, error);
      }
    };
  };
  return rest;
}

export function sendError(reply: FastifyReply, error: unknown) {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const isInput = error.cause instanceof ZodError;
    // 501 (a path not built yet) is a deliberate answer, not a failure to log; deliberate 5xx answers
    // (502 when the AI or payment provider is down) carry a Japanese message meant for the learner;
    // only an unexpected error's message is hidden, as it may describe internals.
    if (status >= 500 && error.code !== 'NOT_IMPLEMENTED') reply.log.error({ err: error }, 'procedure failed');
    return reply.status(status).send({
      message: isInput ? TEXT.invalidInput : error.code === 'INTERNAL_SERVER_ERROR' ? TEXT.serverError : error.message,
      code: error.code,
    });
  }
  if (error instanceof ZodError) {
    return reply.status(400).send({ message: TEXT.invalidInput, code: 'BAD_REQUEST' });
  }
  reply.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: TEXT.serverError, code: 'INTERNAL_SERVER_ERROR' });
}

/**
 * The spec's client sends `content-type: application/json` on every call, also with no body (POST
 * create-customer-portal, DELETE custom-scenarios/{id}), which Fastify's JSON parser refuses. In an
 * encapsulated scope, an empty body reads as "no fields"; anything else is parsed as usual.
 */
export function acceptEmptyJsonBodies(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
