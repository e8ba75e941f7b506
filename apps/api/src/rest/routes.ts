import type { FastifyInstance } from 'fastify';
import type { createRestHandler } from './adapter.js';
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

  app.post(
    '/api/problem',
    rest((caller, request) => caller.practice.nextProblem(request.body as never)),
  );
  app.post(
    '/api/evaluate-with-claude',
    rest((caller, request) => {
      // The spec's body: { japaneseSentence, userTranslation, difficultyLevel } (problemId also accepted).
      const body = (request.body ?? {}) as Record<string, unknown>;
      return caller.practice.evaluate({
        problemId: body.problemId as never,
        japaneseSentence: body.japaneseSentence as never,
        difficultyLevel: body.difficultyLevel as never,
        answer: (body.userTranslation ?? body.answer) as never,
        durationMs: body.durationMs as never,
        timeLimitMs: body.timeLimitMs as never,
      });
    }),
  );

  app.post(
    '/api/emergency-reset',
    { config: { rateLimitGroup: 'auth' } },
    rest((caller, request) => caller.admin.passwordResetLink({ email: ((request.body ?? {}) as { email?: string }).email ?? '' })),
  );

  // The spec's test pages logged in through the server; sign-in belongs to Firebase on the client.
  app.post('/api/auth/login', { config: { rateLimitGroup: 'auth' } }, async (_request, reply) =>
    reply.status(410).send({ message: 'ログインはFirebase Authで行います。ログイン画面をご利用ください。' }),
  );
}
