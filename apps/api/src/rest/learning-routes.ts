import type { FastifyInstance } from 'fastify';
import type { createRestHandler } from './adapter.js';

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
