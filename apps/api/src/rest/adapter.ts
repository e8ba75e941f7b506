import { createCaller } from '@shunkan/api-router';
import { createContextInner, readBearerToken, resolveSessionUser, type Services } from '@shunkan/api-router/context';
import { toHttpError } from '@shunkan/api-router/errors';
import type { Db } from '@shunkan/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKeyOf } from '../client-key.js';

export type Caller = ReturnType<typeof createCaller>;

/**
 * REST paths of the spec are thin adapters over the very same tRPC procedures, so input validation,
 * authentication and the admin check are identical whichever door a request comes through.
 */
export function createRestHandler(db: Db, services: Services, now: () => Date) {
  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const session = await resolveSessionUser(db, services, request.headers.authorization, now());
    return createCaller(createContextInner({ db, services, ...session, clientIp: clientKeyOf(request.ip), now, authToken: readBearerToken(request.headers.authorization) }));
  }
  function rest<T>(call: (caller: Caller, request: FastifyRequest) => Promise<T>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        // Inside the try: an unreachable database or Auth provider is a 503 like any other failure.
        const caller = await callerOf(request);
        const result = await call(caller, request);
        return reply.send(result ?? {});
      } catch (error) {
        return sendError(request, reply, error);
      }
    };
  }
  /**
   * For answers that are not JSON (CSV downloads): the callback checks the request through a procedure
   * with the caller first, then writes the reply itself; errors before the first byte get the usual JSON.
   */
  rest.custom = (handle: (caller: Caller, request: FastifyRequest, reply: FastifyReply, db: Db) => Promise<unknown>) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const caller = await callerOf(request);
        return await handle(caller, request, reply, db);
      } catch (error) {
        return sendError(request, reply, error);
      }
    };
  };
  return rest;
}

/** The REST door's half of the one error path (api-router errors.ts); the tRPC door formats the same way. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const http = toHttpError(error);
  logError(request, error, http.status, http.isInternal);
  return reply.status(http.status).send(http.body);
}

/** Internal errors are logged in full (with the request id, as every request log line is); outages as warnings. */
export function logError(request: FastifyRequest, error: unknown, status: number, isInternal: boolean): void {
  if (isInternal) request.log.error({ err: error }, 'request failed');
  else if (status >= 500 && status !== 501) request.log.warn({ err: error, status }, 'request refused: a dependency is unavailable');
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
