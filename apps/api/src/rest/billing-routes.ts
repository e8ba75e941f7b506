import { formatYen } from '@shunkan/config/plans';
import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies, type createRestHandler } from './adapter.js';
import { fieldsOf as bodyOf, inputFor } from './input.js';

type Rest = ReturnType<typeof createRestHandler>;
type Body = Record<string, unknown>;

/** A field for the procedure's zod input; JSON null reads as absent (older clients send priceId: null). */
function field(body: Body, key: string): unknown {
  return body[key] ?? undefined;
}

/**
 * Spec section 7 billing paths, as thin adapters over the billing procedures (decision 002). They live
 * in their own encapsulated plugin because the spec's client posts `content-type: application/json`
 * with an empty body (create-customer-portal, start-trial), which Fastify's JSON parser refuses; here
 * an empty body reads as "no fields", anything else is parsed as usual.
 */
export function registerBillingRestRoutes(app: FastifyInstance, rest: Rest): void {
  void app.register(async (scope) => {
    acceptEmptyJsonBodies(scope);

    scope.get(
      '/api/subscription-plans',
      rest(async (caller) => {
        const { plans } = await caller.plans.list();
        // Keyed by plan key (standard, standard-yearly, premium, premium-yearly), as the spec's pages read it.
        return Object.fromEntries(
          plans.map((plan) => [
            plan.id,
            {
              priceId: plan.priceId,
              name: plan.name,
              price: `${formatYen(plan.priceYen)}/${plan.interval === 'year' ? '年' : '月'}`,
              priceYen: plan.priceYen,
              interval: plan.interval,
              features: plan.features,
              isPopular: plan.isPopular,
              discountLabel: plan.discountLabel,
              dailyLimit: plan.dailyLimit,
            },
          ]),
        );
      }),
    );
    scope.post('/api/start-trial', rest((caller) => caller.billing.startTrial()));
    scope.post(
      '/api/create-payment-intent',
      rest(async (caller, request) =>
        caller.billing.createPaymentIntent(await inputFor(caller, 'billing.createPaymentIntent', { planId: field(bodyOf(request.body), 'planId') })),
      ),
    );
    scope.post(
      '/api/create-checkout-session',
      rest(async (caller, request) => {
        const body = bodyOf(request.body);
        const input = {
          planId: field(body, 'planId'),
          priceId: field(body, 'priceId'),
          successUrl: field(body, 'successUrl'),
          cancelUrl: field(body, 'cancelUrl'),
        };
        return caller.billing.createCheckoutSession(await inputFor(caller, 'billing.createCheckoutSession', input));
      }),
    );
    scope.post('/api/create-customer-portal', rest((caller) => caller.billing.createPortalSession()));
    scope.post(
      '/api/upgrade-subscription',
      rest(async (caller, request) =>
        caller.billing.upgradeToYearly(await inputFor(caller, 'billing.upgradeToYearly', { planType: field(bodyOf(request.body), 'planType') })),
      ),
    );
    scope.get('/api/subscription-details', rest((caller) => caller.billing.details()));
  });
}
