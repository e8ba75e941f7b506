import type { FastifyInstance } from 'fastify';
import type { createRestHandler } from './adapter.js';
import { fieldsOf, inputFor } from './input.js';

type Rest = ReturnType<typeof createRestHandler>;

/**
 * Account deletion (decision 059): the learner's own account (a recent sign-in and the typed
 * confirmation), and an admin's deletion of a user. Both are thin adapters over the procedures.
 */
export function registerAccountRestRoutes(app: FastifyInstance, rest: Rest): void {
  app.delete(
    '/api/account',
    { config: { rateLimitGroup: 'auth' } },
    rest(async (caller, request) => caller.account.delete(await inputFor(caller, 'account.delete', { confirmation: fieldsOf(request.body).confirmation }))),
  );
  app.delete(
    '/api/admin/users/:userId',
    // It cancels the learner's Stripe subscription: the billing writes' limit (decision 066).
    { config: { rateLimitGroup: 'billing' } },
    rest(async (caller, request) => caller.admin.users.delete(await inputFor(caller, 'admin.users.delete', { userId: fieldsOf(request.params).userId }))),
  );
}
