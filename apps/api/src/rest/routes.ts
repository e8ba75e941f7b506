import type { FastifyInstance } from 'fastify';
import type { createRestHandler } from './adapter.js';
import { fieldsOf, inputFor, practiceInput } from './input.js';
import { registerAccountRestRoutes } from './account-routes.js';
import { registerAdminRestRoutes } from './admin-routes.js';
import { registerBillingRestRoutes } from './billing-routes.js';
import { registerLearningRestRoutes, registerScenarioRestRoutes } from './learning-routes.js';

type Rest = ReturnType<typeof createRestHandler>;

export function registerRestRoutes(app: FastifyInstance, rest: Rest) {
  app.get('/api/auth/user', { config: { rateLimitGroup: 'auth' } }, rest((caller) => caller.auth.me()));
  app.get('/api/user-subscription', rest((caller) => caller.subscription.current()));
  // Billing paths (the Stripe webhook is registered by server.ts: it needs the raw body).
  registerBillingRestRoutes(app, rest);
  registerLearningRestRoutes(app, rest);
  registerScenarioRestRoutes(app, rest);
  // The admin dashboard and the admin price tools.
  registerAdminRestRoutes(app, rest);
  // Account deletion, the learner's own and an admin's (decision 059).
  registerAccountRestRoutes(app, rest);

  app.post(
    '/api/problem',
    rest(async (caller, request) => caller.practice.nextProblem(practiceInput('practice.nextProblem', request.body ?? {}))),
  );
  app.post(
    '/api/evaluate-with-claude',
    rest(async (caller, request) => {
      // The spec's body: { japaneseSentence, userTranslation, difficultyLevel } (problemId also accepted).
      const body = fieldsOf(request.body);
      const input = {
        problemId: body.problemId,
        japaneseSentence: body.japaneseSentence,
        difficultyLevel: body.difficultyLevel,
        answer: body.userTranslation ?? body.answer,
        durationMs: body.durationMs,
        timeLimitMs: body.timeLimitMs,
        // The client's id of this answer, the same on its retries: stored and counted once (decision 064).
        submissionId: body.submissionId,
      };
      return caller.practice.evaluate(practiceInput('practice.evaluate', input));
    }),
  );

  app.post(
    '/api/emergency-reset',
    { config: { rateLimitGroup: 'auth' } },
    rest(async (caller, request) => caller.admin.passwordResetLink(await inputFor(caller, 'admin.passwordResetLink', { email: fieldsOf(request.body).email ?? '' }))),
  );

  // The spec's test pages logged in through the server; sign-in belongs to Firebase on the client.
  app.post('/api/auth/login', { config: { rateLimitGroup: 'auth' } }, async (_request, reply) =>
    reply.status(410).send({ message: 'ログインはFirebase Authで行います。ログイン画面をご利用ください。' }),
  );
}
