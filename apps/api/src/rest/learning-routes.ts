import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies, type createRestHandler } from './adapter.js';

type Rest = ReturnType<typeof createRestHandler>;

function pageQuery(query: unknown): never {
  const { cursor, limit } = (query ?? {}) as { cursor?: string; limit?: string };
  return { cursor, limit: limit ?? undefined } as never;
}

/** Spec section 7 learning-record paths (my page), adapters over the learning procedures (decision 002). */
export function registerLearningRestRoutes(app: FastifyInstance, rest: Rest): void {
  app.get('/api/monthly-stats', rest((caller) => caller.learning.monthlyStats()));
  app.get('/api/streak', rest((caller) => caller.learning.streak()));
  app.get('/api/difficulty-stats', rest((caller) => caller.learning.difficultyStats()));
  app.get('/api/recent-sessions', rest((caller, request) => caller.learning.recentSessions(pageQuery(request.query))));
  app.get('/api/bookmarked-sessions', rest((caller, request) => caller.learning.bookmarkedSessions(pageQuery(request.query))));
  app.get('/api/progress-report', rest((caller) => caller.learning.progressReport()));
  // The spec's name for the old daily counter: today's served problems against the plan's limit.
  app.get('/api/daily-count-removed', rest((caller) => caller.practice.today()));
}

type Body = { title?: unknown; description?: unknown };

/** Custom scenarios (spec section 7): GET, POST, PUT /{id}, DELETE /{id}; premium and trial. */
export function registerScenarioRestRoutes(app: FastifyInstance, rest: Rest): void {
  void app.register(async (scope) => {
    acceptEmptyJsonBodies(scope);
    scope.get('/api/custom-scenarios', rest((caller) => caller.scenarios.list()));
    scope.post(
      '/api/custom-scenarios',
      rest((caller, request) => {
        const body = (request.body ?? {}) as Body;
        return caller.scenarios.create({ title: body.title, description: body.description } as never);
      }),
    );
    scope.put(
      '/api/custom-scenarios/:id',
      rest((caller, request) => {
        const body = (request.body ?? {}) as Body;
        const { id } = request.params as { id: string };
        return caller.scenarios.update({ id, title: body.title, description: body.description } as never);
      }),
    );
    scope.delete(
      '/api/custom-scenarios/:id',
      rest((caller, request) => caller.scenarios.delete({ id: (request.params as { id: string }).id })),
    );
  });
}
