import type { Logger } from '@shunkan/api-router/session';
import { handleStripeEvent } from '@shunkan/api-router/services/billing/stripe-webhook';
import type { BillingProvider } from '@shunkan/api-router/services/billing/types';
import type { Db } from '@shunkan/db';
import type { FastifyInstance } from 'fastify';

/** Stripe's invoices with many lines exceed the API's 64 kB JSON body limit. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/stripe/webhook. Not a tRPC procedure: the signature covers the exact bytes Stripe sent, so
 * this route (alone, in its own encapsulated plugin) takes the body raw instead of parsed JSON; every
 * other route keeps Fastify's JSON parser. The event then goes to the billing domain
 * (handleStripeEvent), which stores its id once and applies it.
 */
export async function registerStripeWebhook(app: FastifyInstance, options: { db: Db; billing: BillingProvider; log: Logger }): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post('/api/stripe/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const billing = options.billing;
      // Sandbox mode has no Stripe account behind it: nothing may change state through this door.
      if (billing.mode !== 'stripe') return reply.status(404).send({ message: 'Stripe is not configured', code: 'NOT_FOUND' });
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) return reply.status(400).send({ message: 'Missing body', code: 'BAD_REQUEST' });
      let event;
      try {
        event = billing.constructWebhookEvent(raw, request.headers['stripe-signature']);
      } catch (error) {
        // Forged, replayed beyond the tolerance, or signed with another secret: refused, nothing applied.
        request.log.warn({ err: error }, 'stripe webhook signature rejected');
        return reply.status(400).send({ message: 'Invalid signature', code: 'BAD_REQUEST' });
      }
      try {
        const outcome = await handleStripeEvent({ db: options.db, event, log: options.log, resolveDuplicate: (input) => billing.keepNewestSubscription(input) });
        request.log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
        return await reply.send({ received: true, outcome });
      } catch (error) {
        // 500 makes Stripe retry; the event id was rolled back together with its effects.
        request.log.error({ err: error, event: event.id, type: event.type }, 'stripe webhook failed');
        return reply.status(500).send({ message: 'Webhook processing failed', code: 'INTERNAL_SERVER_ERROR' });
      }
    });
  });
}
