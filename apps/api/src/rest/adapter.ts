import { createCaller } from '@shunkan/api-router';
import { createContextInner, resolveSessionUser, type Services } from '@shunkan/api-router/context';
import type { Db } from '@shunkan/db';
import { TEXT } from '@shunkan/config/texts';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

export type Caller = ReturnType<typeof createCaller>;

/**
 * REST paths of the spec are thin adapters over the very same tRPC procedures, so input validation,
 * authentication and the admin check are identical whichever door a request comes through.
 */
export function createRestHandler(db: Db, services: Services, now: () => Date) {
  return function rest<T>(call: (caller: Caller, request: FastifyRequest) => Promise<T>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const { user, authError } = await resolveSessionUser(db, services, request.headers.authorization, now());
      const caller = createCaller(createContextInner({ db, services, user, authError, clientIp: request.ip, now }));
      try {
        const result = await call(caller, request);
        return reply.send(result ?? {});
      } catch (error) {
        return sendError(reply, error);
      }
    };
  };
}

export function sendError(reply: FastifyReply, error: unknown) {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const isInput = error.cause instanceof ZodError;
    if (status >= 500) reply.log.error({ err: error }, 'procedure failed');
    return reply.status(status).send({
      message: isInput ? TEXT.invalidInput : status >= 500 ? TEXT.serverError : error.message,
      code: error.code,
    });
  }
  if (error instanceof ZodError) {
    return reply.status(400).send({ message: TEXT.invalidInput, code: 'BAD_REQUEST' });
  }
  reply.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: TEXT.serverError, code: 'INTERNAL_SERVER_ERROR' });
}
