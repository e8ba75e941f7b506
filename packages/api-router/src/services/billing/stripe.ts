import { AppError } from '../../errors.js';
import { BILLING_TEXT } from '@shunkan/config/billing';
import type { Db } from '@shunkan/db';
import { ensureSubscription, findSubscription, setStripeCustomerIfAbsent, updateSubscription } from '@shunkan/db/subscriptions';
import Stripe from 'stripe';
import type { Logger, SessionUser } from '../../session.js';
import type { TCataloguePlan } from '../../domain/plans.js';
import { addInterval } from '../../domain/subscription.js';
import { type StripeBillingProvider, type TPriceItem } from './types.js';

export type StripeBillingOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The product's public origin: Stripe needs absolute success, cancel and return URLs. */
  publicUrl: string;
  /** host:port of a local server speaking Stripe's REST protocol over http (tests only). */
  apiHost?: string;
  log: Logger;
};

/**
 * How long one Stripe request may take before it fails (a 502 for the learner). The SDK's default is 80 s;
 * real Stripe is also retried twice (the SDK adds an idempotency key to retried POSTs).
 */
export const STRIPE_TIMEOUT_MS = 20_000;

export function createStripeClient(secretKey: string, apiHost?: string): Stripe {
  if (apiHost) {
    // The last colon separates the port, so a bracketed IPv6 loopback ([::1]:port) works too.
    const colon = apiHost.lastIndexOf(':');
    const host = apiHost.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
    return new Stripe(secretKey, { host, port: Number(apiHost.slice(colon + 1)), protocol: 'http', maxNetworkRetries: 0, timeout: STRIPE_TIMEOUT_MS, telemetry: false });
  }
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: STRIPE_TIMEOUT_MS, telemetry: false });
}

/**
 * The Payment Element's client secret of a subscription's first invoice. API versions since 2025-03
 * (this SDK pins 2026-10-28) expose it as `latest_invoice.confirmation_secret`; the invoice no longer
 * carries `payment_intent`, so that is what we expand and read.
 */
export function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** Stripe subscription statuses that charge (or keep trying to charge) the learner. */
const LIVE_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due', 'unpaid']);

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Real Stripe (STRIPE_SECRET_KEY set). Subscription state changes arrive by webhook (stripe-webhook.ts). */
export function createStripeBilling(options: StripeBillingOptions): StripeBillingProvider {
  const stripe = createStripeClient(options.secretKey, options.apiHost);
  const publicOrigin = new URL(options.publicUrl).origin;

  /** Stripe failures become a Japanese 502 for the learner; the details go to the log only. */
  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError) throw error;
      options.log.error({ err: error, operation }, 'stripe call failed');
      throw new AppError('BAD_GATEWAY', BILLING_TEXT.providerUnavailable);
    }
  }

  function absolute(url: string): string {
    // Paths were validated by the domain; string concatenation keeps Stripe's {CHECKOUT_SESSION_ID}
    // template unescaped (URL serialisation would percent-encode the braces).
    return url.startsWith('/') ? `${publicOrigin}${url}` : url;
  }

  function priceOf(plan: TCataloguePlan): string {
    if (!plan.priceId) throw new AppError('PRECONDITION_FAILED', BILLING_TEXT.planNotPurchasable);
    return plan.priceId;
  }

  /** One Stripe customer per user, created on first need and remembered in subscriptions. */
  async function ensureCustomer(db: Db, user: SessionUser): Promise<string> {
    const row = await ensureSubscription(db, user.id);
    if (row.stripe_customer_id) return row.stripe_customer_id;
    // The idempotency key makes two concurrent first calls get the same customer from Stripe.
    const customer = await call('customers.create', () =>
      stripe.customers.create(
        { ...(user.email ? { email: user.email } : {}), metadata: { user_id: user.id } },
        { idempotencyKey: `shunkan-customer-${user.id}` },
      ),
    );
    await setStripeCustomerIfAbsent(db, user.id, customer.id, new Date());
    return (await findSubscription(db, user.id))?.stripe_customer_id ?? customer.id;
  }

  /**
   * Cancels a subscription now. The idempotency key makes a retried webhook (whose first attempt's
   * transaction rolled back after this call went through) repeat nothing on Stripe's side.
   */
  async function cancelSubscription(id: string, input: { creditUnusedTime: boolean }): Promise<void> {
    // prorate + invoice_now: the unused part of a paid period becomes a credit on the customer's balance,
    // which Stripe applies to the next invoice of the subscription that is kept.
    const params: Stripe.SubscriptionCancelParams = input.creditUnusedTime ? { prorate: true, invoice_now: true } : {};
    await call('subscriptions.cancel', () => stripe.subscriptions.cancel(id, params, { idempotencyKey: `shunkan-cancel-${id}-${input.creditUnusedTime ? 'credit' : 'plain'}` }));
  }

  /** Missing at Stripe (another account or mode, or deleted by an earlier try): nothing of ours to stop. */
  function isMissing(error: unknown): boolean {
    return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
  }

  /** `call`, where an object missing at Stripe (isMissing) is an answer, undefined, not a failure. */
  function callUnlessMissing<T>(operation: string, run: () => Promise<T>): Promise<T | undefined> {
    return call(operation, async () => {
      try {
        return await run();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  /** The subscription we stored, ended now without proration credit (account deletion, decision 059). */
  async function cancelStoredSubscription(id: string): Promise<void> {
    const current = await callUnlessMissing('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id));
    if (!current) return;
    // Already ended (a retry of the deletion, or cancelled in the portal): cancelling again is refused.
    if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
    // No proration credit: the customer is about to have no account to spend it on.
    await cancelSubscription(id, { creditUnusedTime: false });
  }

  /**
   * Deletes the learner's Stripe customer: Stripe cancels all its subscriptions at once. Its invoices stay
   * at Stripe (they keep the customer's id and the e-mail and name copied onto them when issued).
   */
  async function deleteCustomer(id: string): Promise<void> {
    await callUnlessMissing('customers.del', () => stripe.customers.del(id));
  }

  function toPriceItem(price: Stripe.Price): TPriceItem {
    return {
      id: price.id,
      active: price.active,
      unit_amount: price.unit_amount,
      currency: price.currency,
      type: price.type === 'one_time' ? 'one_time' : 'recurring',
      recurring: price.recurring ? { interval: price.recurring.interval, interval_count: price.recurring.interval_count } : null,
      product: idOf(price.product as string | { id: string } | null),
      nickname: price.nickname ?? null,
    };
  }

  /** Stripe's own refusal (no such price, bad key) is what the admin needs to read; it is no secret. */
  function stripeMessage(error: unknown): string {
    return error instanceof Stripe.errors.StripeError ? error.message : BILLING_TEXT.providerUnavailable;
  }

  return {
    mode: 'stripe',
    publicOrigin,
    // Secret and restricted keys of a live account start with sk_ / rk_ followed by live_.
    accountType: /^(sk|rk)_live_/.test(options.secretKey) ? 'live' : 'test',

    async retrievePrice(priceId) {
      try {
        return toPriceItem(await stripe.prices.retrieve(priceId));
      } catch (error) {
        options.log.warn({ priceId, reason: stripeMessage(error) }, 'stripe price lookup failed');
        throw new AppError(error instanceof Stripe.errors.StripeInvalidRequestError ? 'NOT_FOUND' : 'BAD_GATEWAY', stripeMessage(error));
      }
    },

    async listPrices() {
      try {
        const list = await stripe.prices.list({ limit: 100 });
        return list.data.map(toPriceItem);
      } catch (error) {
        options.log.warn({ reason: stripeMessage(error) }, 'stripe price list failed');
        throw new AppError('BAD_GATEWAY', stripeMessage(error));
      }
    },

    async checkConnection() {
      try {
        await stripe.prices.list({ limit: 1 });
        return null;
      } catch (error) {
        return stripeMessage(error);
      }
    },

    async createPaymentIntent({ db, user, plan }) {
      const price = priceOf(plan);
      const customer = await ensureCustomer(db, user);
      const row = await findSubscription(db, user.id);
      if (row?.stripe_subscription_id) {
        const existingId = row.stripe_subscription_id;
        const existing = await call('subscriptions.retrieve', () =>
          stripe.subscriptions.retrieve(existingId, { expand: ['latest_invoice.confirmation_secret'] }),
        );
        // Stripe already charges this learner (its webhook has not reached us yet, or was lost): a second
        // subscription would bill the card twice.
        if (LIVE_STATUSES.has(existing.status)) throw new AppError('CONFLICT', BILLING_TEXT.alreadySubscribed);
        if (existing.status === 'incomplete') {
          // A learner who reloads the checkout page gets the still-unpaid subscription back, not a second one.
          const secret = clientSecretOf(existing);
          if (existing.items.data[0]?.price.id === price && secret) return { clientSecret: secret };
          // Another plan: the unpaid subscription is cancelled (its invoice voided) first, so a payment form
          // still open in another tab cannot start a second paid subscription beside the new one.
          await cancelSubscription(existingId, { creditUnusedTime: false });
        }
      }
      // The key names what the subscription replaces: a retry whose first try created it at Stripe but did
      // not store it (a lost answer, a database gone away) gets the same subscription back, not a second.
      const subscription = await call('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { user_id: user.id, plan_id: plan.id },
          },
          { idempotencyKey: `shunkan-subscribe-${user.id}-${plan.id}-${row?.stripe_subscription_id ?? 'first'}` },
        ),
      );
      const clientSecret = clientSecretOf(subscription);
      if (!clientSecret) {
        options.log.error({ subscription: subscription.id }, 'stripe subscription without a confirmation secret');
        throw new AppError('BAD_GATEWAY', BILLING_TEXT.providerUnavailable);
      }
      // Access starts only when Stripe reports the invoice paid (webhook); this just links the subscription.
      await updateSubscription(db, user.id, { stripe_subscription_id: subscription.id });
      return { clientSecret };
    },

    async createCheckoutSession({ db, user, plan, successUrl, cancelUrl }) {
      const price = priceOf(plan);
      const customer = await ensureCustomer(db, user);
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: user.id,
          line_items: [{ price, quantity: 1 }],
          success_url: absolute(successUrl),
          cancel_url: absolute(cancelUrl),
          locale: 'ja',
          metadata: { user_id: user.id, plan_id: plan.id },
          subscription_data: { metadata: { user_id: user.id, plan_id: plan.id } },
        }),
      );
      if (!session.url) throw new AppError('BAD_GATEWAY', BILLING_TEXT.providerUnavailable);
      return { url: session.url };
    },

    async createPortalSession({ row }) {
      const customer = row.stripe_customer_id;
      if (!customer) throw new AppError('BAD_REQUEST', BILLING_TEXT.noBillingAccount);
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${publicOrigin}/my-page`, locale: 'ja' }),
      );
      return { url: session.url };
    },

    async setCancelAtPeriodEnd({ row, cancel }) {
      // A plan granted locally (admin tools, or from sandbox days) has nothing on Stripe's side.
      const id = row.provider === 'stripe' ? row.stripe_subscription_id : null;
      if (!id) return;
      await call('subscriptions.update', () => stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    },

    async cancelForAccountDeletion({ row }) {
      if (row.stripe_subscription_id) await cancelStoredSubscription(row.stripe_subscription_id);
      // Then the customer (decision 064): Stripe cancels every subscription it still has, also one we
      // never stored (a checkout paid just before the deletion, whose webhook had not arrived yet).
      if (row.stripe_customer_id) await deleteCustomer(row.stripe_customer_id);
    },

    async changePlan({ row, from, to, now }) {
      const id = row.provider === 'stripe' ? row.stripe_subscription_id : null;
      if (!id) throw new AppError('BAD_REQUEST', BILLING_TEXT.noBillingAccount);
      const price = priceOf(to);
      const current = await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id));
      const item = current.items.data[0];
      if (!item) throw new AppError('BAD_GATEWAY', BILLING_TEXT.providerUnavailable);
      const previousInvoice = idOf(current.latest_invoice);
      // pending_if_incomplete: the switch only happens if the prorated charge succeeds; otherwise the
      // learner stays on the plan paid for instead of ending up past_due on the new one.
      // The key names the change from the period it was made in: a retry whose first try was charged but
      // not stored (a lost answer, a database gone away) gets the same answer back from Stripe and is
      // stored, instead of being sent again (decision 074).
      const period = row.current_period_end?.getTime() ?? 'open';
      const updated = await call('subscriptions.update', () =>
        stripe.subscriptions.update(
          id,
          {
            items: [{ id: item.id, price }],
            // Another interval invoices at once by itself; the same interval (standard to premium) would
            // put the difference on the next invoice, so it is invoiced now.
            proration_behavior: from.interval === to.interval ? 'always_invoice' : 'create_prorations',
            payment_behavior: 'pending_if_incomplete',
            expand: ['latest_invoice'],
          },
          { idempotencyKey: `shunkan-upgrade-${id}-${from.id}-${to.id}-${period}` },
        ),
      );
      if (updated.pending_update) {
        throw new AppError('PAYMENT_REQUIRED', 'お支払いが完了しなかったため、プランは変更されていません。お支払い方法をご確認ください。');
      }
      const invoice = updated.latest_invoice;
      const proratedAmount = invoice && typeof invoice !== 'string' && invoice.id !== previousInvoice ? invoice.amount_paid || invoice.amount_due : null;
      const periodEnd = updated.items.data[0]?.current_period_end;
      const currentPeriodEnd = periodEnd ? new Date(periodEnd * 1000) : addInterval(now, to.interval);
      // A scheduled cancellation (ours sets cancel_at_period_end; the portal may set cancel_at) would end
      // the year just paid for. A pending update cannot carry it, so it is withdrawn in a second call,
      // only now that the change is paid: a refused charge leaves the cancellation the learner asked for.
      if (!updated.cancel_at_period_end && updated.cancel_at === null) return { proratedAmount, currentPeriodEnd, cancelAtPeriodEnd: false };
      try {
        const withdrawal: Stripe.SubscriptionUpdateParams = updated.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' };
        await stripe.subscriptions.update(id, withdrawal, { idempotencyKey: `shunkan-upgrade-withdraw-${id}-${to.id}` });
        return { proratedAmount, currentPeriodEnd, cancelAtPeriodEnd: false };
      } catch (error) {
        // The plan change is paid and must be recorded; the learner is told the cancellation still stands.
        options.log.error({ err: error, subscription: id }, 'stripe refused to withdraw the cancellation after a paid upgrade');
        return { proratedAmount, currentPeriodEnd, cancelAtPeriodEnd: true };
      }
    },

    currentSubscription(subscriptionId) {
      return call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(subscriptionId));
    },

    async chargeState(chargeId) {
      const charge = await callUnlessMissing('charges.retrieve', () => stripe.charges.retrieve(chargeId));
      if (!charge) return null;
      // Since API version 2025-03 neither the charge nor its payment intent names the invoice; the
      // invoice payment (invoice_payments) links the payment intent to the invoice it paid.
      const paymentIntent = idOf(charge.payment_intent);
      const invoicePayment = paymentIntent
        ? (await call('invoicePayments.list', () => stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 }))).data[0]
        : undefined;
      // The latest dispute (Stripe lists newest first); a charge never disputed has none.
      const dispute = charge.disputed ? (await call('disputes.list', () => stripe.disputes.list({ charge: chargeId, limit: 1 }))).data[0] : undefined;
      return {
        chargeId,
        invoiceId: invoicePayment ? idOf(invoicePayment.invoice) : null,
        customerId: idOf(charge.customer),
        amountRefunded: charge.amount_refunded,
        dispute: dispute ? { status: dispute.status, amount: dispute.amount } : null,
      };
    },

    async keepNewestSubscription({ current, incoming }) {
      const [a, b] = await Promise.all([
        call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(current)),
        call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(incoming)),
      ]);
      // Stripe's own state decides, not the event's snapshot: one of them may already be gone.
      if (!LIVE_STATUSES.has(b.status)) return 'current';
      if (!LIVE_STATUSES.has(a.status)) return 'incoming';
      // Both charge the learner: the newer one (the plan chosen last) stays; ties break on the id so that
      // every delivery of every event picks the same one.
      const incomingIsNewer = b.created > a.created || (b.created === a.created && b.id > a.id);
      const older = incomingIsNewer ? a : b;
      options.log.warn({ kept: incomingIsNewer ? b.id : a.id, cancelled: older.id }, 'two live stripe subscriptions for one learner: cancelling the older');
      await cancelSubscription(older.id, { creditUnusedTime: true });
      return incomingIsNewer ? 'incoming' : 'current';
    },

    constructWebhookEvent(rawBody, signature) {
      if (typeof signature !== 'string' || signature === '') throw new Error('missing stripe-signature header');
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },

    async checkPrices(plans) {
      const problems: string[] = [];
      for (const plan of plans) {
        if (!plan.priceId) {
          problems.push(`${plan.id}: no Stripe price id configured`);
          continue;
        }
        const priceId = plan.priceId;
        try {
          const price = await stripe.prices.retrieve(priceId);
          // JPY is a zero-decimal currency: unit_amount is in yen.
          if (price.currency !== 'jpy') problems.push(`${plan.id}: ${priceId} is in ${price.currency}, not jpy`);
          if (price.unit_amount !== plan.priceYen) problems.push(`${plan.id}: ${priceId} charges ${price.unit_amount}, the catalogue says ${plan.priceYen}`);
          if (price.recurring?.interval !== plan.interval) problems.push(`${plan.id}: ${priceId} recurs every ${price.recurring?.interval ?? 'never'}, not ${plan.interval}`);
          if (!price.active) problems.push(`${plan.id}: ${priceId} is archived`);
        } catch (error) {
          problems.push(`${plan.id}: ${priceId} could not be read (${(error as Error).message})`);
        }
      }
      return problems;
    },
  };
}
