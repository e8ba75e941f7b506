import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies, type createRestHandler } from './adapter.js';
import { fieldsOf, inputFor } from './input.js';

type Rest = ReturnType<typeof createRestHandler>;

function pageQuery(query: unknown): { cursor: unknown; limit: unknown } {
  const { cursor, limit } = fieldsOf(query);
  return { cursor, limit: limit ?? undefined };
}

/** Spec section 7 learning-record paths (my page), adapters over the learning procedures (decision 002). */
export function registerLearningRestRoutes(app: FastifyInstance, rest: Rest): void {
  app.get('/api/monthly-stats', rest((caller) => caller.learning.monthlyStats()));
  app.get('/api/streak', rest((caller) => caller.learning.streak()));
  app.get('/api/difficulty-stats', rest((caller) => caller.learning.difficultyStats()));
  app.get('/api/recent-sessions', rest(async (caller, request) => caller.learning.recentSessions(await inputFor(caller, 'learning.recentSessions', pageQuery(request.query)))));
  app.get('/api/bookmarked-sessions', rest(async (caller, request) => caller.learning.bookmarkedSessions(await inputFor(caller, 'learning.bookmarkedSessions', pageQuery(request.query)))));
  app.get('/api/progress-report', rest((caller) => caller.learning.progressReport()));
  // The spec's name for the old daily counter: today's served problems against the plan's limit.
  app.get('/api/daily-count-removed', rest((caller) => caller.practice.today()));
}


/** Custom scenarios (spec section 7): GET, POST, PUT /{id}, DELETE /{id}; premium and trial. */
export function registerScenarioRestRoutes(app: FastifyInstance, rest: Rest): void {
  void app.register(async (scope) => {
    acceptEmptyJsonBodies(scope);
    scope.get('/api/custom-scenarios', rest((caller) => caller.scenarios.list()));
    scope.post(
      '/api/custom-scenarios',
      rest(async (caller, request) => {
        const body = fieldsOf(request.body);
        return caller.scenarios.create(await inputFor(caller, 'scenarios.create', { title: body.title, description: body.description, requestId: body.requestId }));
      }),
    );
    scope.put(
      '/api/custom-scenarios/:id',
      rest(async (caller, request) => {
        const body = fieldsOf(request.body);
        const { id } = fieldsOf(request.params);
        return caller.scenarios.update(await inputFor(caller, 'scenarios.update', { id, title: body.title, description: body.description }));
      }),
    );
    scope.delete(
      '/api/custom-scenarios/:id',
      rest(async (caller, request) => caller.scenarios.delete(await inputFor(caller, 'scenarios.delete', { id: fieldsOf(request.params).id }))),
    );
  });
}
