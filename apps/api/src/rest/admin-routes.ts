import { Readable } from 'node:stream';
import { exportCsv } from '@shunkan/api-router/domain/admin/csv-export';
import type { FastifyInstance } from 'fastify';
import type { createRestHandler } from './adapter.js';

type Rest = ReturnType<typeof createRestHandler>;
type Body = Record<string, unknown>;

function bodyOf(body: unknown): Body {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

const PLAN_KEYS = ['standard_monthly', 'standard_yearly', 'premium_monthly', 'premium_yearly'] as const;

/** Entries left blank on the spec's forms mean "not this plan", not an invalid price id. */
function enteredPriceIds(source: Body): Body {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => !(typeof v === 'string' && v.trim() === '') && v !== null && v !== undefined));
}

/**
 * Spec section 7 admin paths and the price tools' paths, as thin adapters over the `admin` procedures
 * (decision 002): the admin role is checked by the procedure, whichever door a request comes through.
 */
export function registerAdminRestRoutes(app: FastifyInstance, rest: Rest): void {
  app.get('/api/admin/stats', rest((caller) => caller.admin.stats()));
  app.get('/api/admin/analytics', rest((caller) => caller.admin.analytics()));
  app.get('/api/admin/payments', rest((caller) => caller.admin.payments()));
  app.get('/api/admin/content', rest((caller) => caller.admin.content()));
  app.get(
    '/api/admin/users',
    rest((caller, request) => {
      const query = bodyOf(request.query);
      return caller.admin.users.list({ search: query.search as never, page: query.page as never, pageSize: query.pageSize as never });
    }),
  );
  app.put(
    '/api/admin/users/:userId/subscription',
    rest((caller, request) =>
      caller.admin.users.setSubscriptionType({
        userId: (request.params as { userId: string }).userId,
        subscriptionType: bodyOf(request.body).subscriptionType as never,
      }),
    ),
  );

  // The file is streamed batch by batch from the database (never the whole table in memory).
  app.get(
    '/api/admin/export/:kind',
    rest.custom(async (caller, request, reply, db) => {
      const { kind, fileName } = await caller.admin.exportFile({ kind: (request.params as { kind: string }).kind as never });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportCsv(db, kind)));
    }),
  );

  app.post('/api/stripe/price-info', rest(async (caller, request) => {
    const { source, price } = await caller.admin.tools.priceInfo({ priceId: bodyOf(request.body).priceId as never });
    return { ...price, source };
  }));
  app.get('/api/stripe-prices', rest((caller) => caller.admin.tools.prices()));
  app.get('/api/stripe/prices', rest((caller) => caller.admin.tools.prices()));
  app.post(
    '/api/plan-configuration',
    rest((caller, request) => caller.admin.tools.savePlanConfiguration({ plans: bodyOf(bodyOf(request.body).plans) as never })),
  );
  app.post(
    '/api/save-price-configuration',
    rest((caller, request) => {
      // The spec's two bodies: { mode, standard_monthly: 'price_…', … } or { priceIds: { … } }.
      const body = bodyOf(request.body);
      const map = body.priceIds !== undefined ? bodyOf(body.priceIds) : Object.fromEntries(PLAN_KEYS.filter((k) => k in body).map((k) => [k, body[k]]));
      return caller.admin.tools.savePriceConfiguration({ mode: body.mode as never, priceIds: enteredPriceIds(map) as never });
    }),
  );
}
