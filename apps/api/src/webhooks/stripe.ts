import { toHttpError } from '@shunkan/api-router/errors';
import type { Logger } from '@shunkan/api-router/session';
import { TEXT } from '@shunkan/config/texts';
import { handleStripeEvent, PaymentNotRecordedYet } from '@shunkan/api-router/services/billing/stripe-webhook';
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
      if (billing.mode !== 'stripe') return reply.status(404).send({ message: 'Stripe決済は設定されていません。', code: 'NOT_FOUND' });
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) return reply.status(400).send({ message: TEXT.invalidInput, code: 'BAD_REQUEST' });
      let event;
      try {
        event = billing.constructWebhookEvent(raw, request.headers['stripe-signature']);
      } catch (error) {
        // Forged, replayed beyond the tolerance, or signed with another secret: refused, nothing applied.
        request.log.warn({ err: error }, 'stripe webhook signature rejected');
        return reply.status(400).send({ message: 'Webhookの署名を確認できませんでした。', code: 'BAD_REQUEST' });
      }
      try {
        const outcome = await handleStripeEvent({ db: options.db, event, log: options.log, stripe: billing });
        request.log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
        return await reply.send({ received: true, outcome });
      } catch (error) {
        if (error instanceof PaymentNotRecordedYet) {
          // A refund or dispute delivered before its invoice.paid: not recorded, so Stripe's retry applies it
          // once the payment is there (decision 096).
          request.log.info({ event: event.id, type: event.type, invoice: error.invoiceId }, 'stripe webhook: payment not recorded yet, left for a retry');
          return reply.status(409).send({ message: '返金・不審請求の対象となる決済がまだ記録されていません。', code: 'CONFLICT' });
        }
        // A 5xx makes Stripe retry (503 while the database is away); the event id was rolled back with its effects.
        request.log.error({ err: error, event: event.id, type: event.type }, 'stripe webhook failed');
        const http = toHttpError(error);
        return http.status === 503 ? reply.status(503).send(http.body) : reply.status(500).send({ message: TEXT.serverError, code: 'INTERNAL_SERVER_ERROR' });
      }
    });
  });
}
