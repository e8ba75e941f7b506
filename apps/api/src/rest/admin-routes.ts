import { Readable } from 'node:stream';
import { exportCsv } from '@shunkan/api-router/domain/admin/csv-export';
import type { FastifyInstance } from 'fastify';
import type { createRestHandler } from './adapter.js';
import { fieldsOf, inputFor } from './input.js';

type Rest = ReturnType<typeof createRestHandler>;
type Body = Record<string, unknown>;
const bodyOf = fieldsOf;

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
    rest(async (caller, request) => {
      const query = bodyOf(request.query);
      return caller.admin.users.list(await inputFor(caller, 'admin.users.list', { search: query.search, page: query.page, pageSize: query.pageSize }));
    }),
  );
  app.put(
    '/api/admin/users/:userId/subscription',
    rest(async (caller, request) =>
      caller.admin.users.setSubscriptionType(
        await inputFor(caller, 'admin.users.setSubscriptionType', {
          userId: bodyOf(request.params).userId,
          subscriptionType: bodyOf(request.body).subscriptionType,
        }),
      ),
    ),
  );

  // The file is streamed batch by batch from the database (never the whole table in memory).
  app.get(
    '/api/admin/export/:kind',
    rest.custom(async (caller, request, reply, db) => {
      const { kind, fileName } = await caller.admin.exportFile(await inputFor(caller, 'admin.exportFile', { kind: bodyOf(request.params).kind }));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportCsv(db, kind)));
    }),
  );

  app.post('/api/stripe/price-info', rest(async (caller, request) => {
    const { source, price } = await caller.admin.tools.priceInfo(await inputFor(caller, 'admin.tools.priceInfo', { priceId: bodyOf(request.body).priceId }));
    return { ...price, source };
  }));
  app.get('/api/stripe-prices', rest((caller) => caller.admin.tools.prices()));
  app.get('/api/stripe/prices', rest((caller) => caller.admin.tools.prices()));
  app.post(
    '/api/plan-configuration',
    rest(async (caller, request) =>
      caller.admin.tools.savePlanConfiguration(await inputFor(caller, 'admin.tools.savePlanConfiguration', { plans: bodyOf(bodyOf(request.body).plans) })),
    ),
  );
  app.post(
    '/api/save-price-configuration',
    rest(async (caller, request) => {
      // The spec's two bodies: { mode, standard_monthly: 'price_…', … } or { priceIds: { … } }.
      const body = bodyOf(request.body);
      const map = body.priceIds !== undefined ? bodyOf(body.priceIds) : Object.fromEntries(PLAN_KEYS.filter((k) => k in body).map((k) => [k, body[k]]));
      return caller.admin.tools.savePriceConfiguration(await inputFor(caller, 'admin.tools.savePriceConfiguration', { mode: body.mode, priceIds: enteredPriceIds(map) }));
    }),
  );
}
