import type { SubscriptionStatus } from '@shunkan/config/plans';
import { inTransaction, type Db } from '@shunkan/db';
import { recordBillingEvent } from '@shunkan/db/billing-events';
import { insertPayment, setPaymentReversal } from '@shunkan/db/payments';
import type { SubscriptionRow, SubscriptionUpdate } from '@shunkan/db/schema';
import { ensureSubscription, findSubscriptionByStripeCustomer, findSubscriptionByStripeSubscription, lockSubscription, updateSubscription } from '@shunkan/db/subscriptions';
import { findUserById } from '@shunkan/db/users';
import type { Stripe } from 'stripe';
import type { Logger } from '../../session.js';
import { findCataloguePlan, findCataloguePlanByPriceId, type TCataloguePlan } from '../../domain/plans.js';
import { paymentStatusAfterReversal } from '../../domain/payment-reversals.js';
import { activatePaidPeriod, resolveSubscription } from '../../domain/subscription.js';
import { idOf } from './stripe.js';
import type { StripeBillingProvider } from './types.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * What the webhook needs from the Stripe provider: settling two live subscriptions of one learner, and
 * Stripe's current state of a subscription when two of its events carry the same second.
 */
export type StripeLookups = Pick<StripeBillingProvider, 'keepNewestSubscription' | 'currentSubscription' | 'chargeState'>;

/**
 * A refund or dispute of a payment this server has not recorded yet (its invoice.paid is still on its
 * way): the event is not recorded and the webhook answers non-2xx, so Stripe delivers it again later.
 */
export class PaymentNotRecordedYet extends Error {
  constructor(readonly invoiceId: string) {
    super(`payment ${invoiceId} not recorded yet`);
  }
}

type Handling = { db: Db; log: Logger; stripe: StripeLookups };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Applies one verified Stripe event. The event id is stored in billing_events in the same transaction
 * as its effects: a redelivery or replay is a no-op, and a failure rolls both back so Stripe's retry is
 * processed. Events may arrive out of order; one older than the last event applied to that learner's
 * subscription (subscriptions.last_event_at) does not change its state.
 *
 * A learner pays for one subscription at a time: when an event reports another live subscription beside
 * the paid one we store, `stripe.keepNewestSubscription` keeps the newer and cancels the older through
 * Stripe; a failed cancellation leaves the event unrecorded, so Stripe retries it.
 *
 * Stripe is never called inside the transaction (decision 074): on PGlite a transaction holds the whole
 * database, and a Stripe that hung stopped every learner. When applying the event needs an answer from
 * Stripe, the transaction is rolled back (`StripeAnswerNeeded`), Stripe is asked with no transaction
 * open, and the event is applied again from the start with the answer known. Stripe's calls here are
 * reads, or a cancellation whose idempotency key makes a repeat do nothing more.
 */
export async function handleStripeEvent(options: { db: Db; event: Stripe.Event; log: Logger; stripe: StripeLookups }): Promise<WebhookOutcome> {
  const { event, log, stripe } = options;
  const answers = new Map<string, unknown>();
  const lookups = options.db.isTransaction ? stripe : answeredLookups(stripe, answers);
  for (let pass = 1; ; pass++) {
    try {
      return await inTransaction(options.db, async (trx) => {
        const fresh = await recordBillingEvent(trx, { id: event.id, type: event.type, createdAt: toDate(event.created) });
        if (!fresh) return 'duplicate';
        return applyEvent({ db: trx, log, stripe: lookups }, event);
      });
    } catch (error) {
      // Each pass asks one more question; an event asks at most two (a tie-break, then a settlement).
      if (!(error instanceof StripeAnswerNeeded) || pass > MAX_STRIPE_QUESTIONS) throw error;
      answers.set(error.key, await error.ask());
    }
  }
}

const MAX_STRIPE_QUESTIONS = 4;

/** Thrown inside the event's transaction when the answer of a Stripe call is not known yet. */
class StripeAnswerNeeded extends Error {
  constructor(
    readonly key: string,
    readonly ask: () => Promise<unknown>,
  ) {
    super(`stripe answer needed: ${key}`);
  }
}

/** The webhook's Stripe calls, answered from `answers` or else asked for after a rollback. */
function answeredLookups(stripe: StripeLookups, answers: Map<string, unknown>): StripeLookups {
  function answer<T>(key: string, ask: () => Promise<T>): Promise<T> {
    if (answers.has(key)) return Promise.resolve(answers.get(key) as T);
    return Promise.reject(new StripeAnswerNeeded(key, ask));
  }
  return {
    currentSubscription: (id) => answer(`current:${id}`, () => stripe.currentSubscription(id)),
    keepNewestSubscription: (input) => answer(`keep:${input.current}:${input.incoming}`, () => stripe.keepNewestSubscription(input)),
    chargeState: (chargeId) => answer(`charge:${chargeId}`, () => stripe.chargeState(chargeId)),
  };
}

function toDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** Stripe's subscription status in our vocabulary; null = says nothing about access (not paid yet). */
export function mapStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    default:
      // incomplete, incomplete_expired: the first payment has not gone through; a trial keeps running.
      return null;
  }
}

/**
 * The learner an event is about: our own metadata first (we set user_id), then the stored Stripe ids.
 * The row is returned locked (lockSubscription, until the event's transaction ends) and read under the
 * lock: two events about one learner delivered at once are applied one after the other, each against
 * what the other stored, so an older one cannot pass the staleness check and then overwrite a newer one
 * (decision 060); the learner's own billing writes take the same lock.
 */
async function findRow(db: Db, ref: { userId?: string | null; customerId?: string | null; subscriptionId?: string | null }): Promise<SubscriptionRow | undefined> {
  const found = await findUnlockedRow(db, ref);
  return found ? lockSubscription(db, found.user_id) : undefined;
}

async function findUnlockedRow(db: Db, ref: { userId?: string | null; customerId?: string | null; subscriptionId?: string | null }): Promise<SubscriptionRow | undefined> {
  if (ref.userId && UUID.test(ref.userId) && (await findUserById(db, ref.userId))) return ensureSubscription(db, ref.userId);
  if (ref.subscriptionId) {
    const row = await findSubscriptionByStripeSubscription(db, ref.subscriptionId);
    if (row) return row;
  }
  if (ref.customerId) return findSubscriptionByStripeCustomer(db, ref.customerId);
  return undefined;
}

/**
 * The learner's plan is one Stripe charges for. Only such a plan may be ended or put past due by news
 * about its subscription: a checkout left unpaid (its incomplete subscription cancelled or expired) must
 * not end a running trial or a plan an admin granted, as a declined first payment does not (decision 051).
 */
function paysThroughStripe(row: SubscriptionRow): boolean {
  return row.provider === 'stripe' && (row.status === 'active' || row.status === 'past_due');
}

function isStale(row: SubscriptionRow, event: Stripe.Event): boolean {
  return Boolean(row.last_event_at && toDate(event.created) < row.last_event_at);
}

function links(event: Stripe.Event, ids: { customerId: string | null; subscriptionId: string | null }): SubscriptionUpdate {
  return {
    last_event_at: toDate(event.created),
    ...(ids.customerId ? { stripe_customer_id: ids.customerId } : {}),
    ...(ids.subscriptionId ? { stripe_subscription_id: ids.subscriptionId } : {}),
  };
}

/**
 * Whether an event about `subscriptionId` may make it the learner's subscription: 'free' when the learner
 * pays for no other Stripe subscription; 'takes-over' when another one was paid for and the event's is
 * newer (the other has just been cancelled, or Stripe no longer charges for it); 'refused' when the
 * event's subscription is the older one (now cancelled) or no longer charges.
 */
async function claim(handling: Handling, row: SubscriptionRow, subscriptionId: string): Promise<'free' | 'takes-over' | 'refused'> {
  const current = row.stripe_subscription_id;
  if (row.provider !== 'stripe' || !current || current === subscriptionId) return 'free';
  const status = resolveSubscription(row, new Date()).status;
  if (status !== 'active' && status !== 'past_due') return 'free';
  const kept = await handling.stripe.keepNewestSubscription({ current, incoming: subscriptionId });
  return kept === 'incoming' ? 'takes-over' : 'refused';
}

/**
 * Whether an event must leave the learner's row alone: its subscription (`claimFor`, when the event may
 * make one the learner's) lost to the paid one, or, short of a take-over, the event is older than the
 * last one applied. After a take-over the row moves to the kept subscription whatever the order.
 */
async function isIgnored(handling: Handling, row: SubscriptionRow, event: Stripe.Event, claimFor: string | null): Promise<boolean> {
  const claimed = claimFor ? await claim(handling, row, claimFor) : 'free';
  return claimed === 'refused' || (claimed === 'free' && isStale(row, event));
}

async function applyEvent(handling: Handling, event: Stripe.Event): Promise<WebhookOutcome> {
  const { db, log } = handling;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return 'ignored';
      const customerId = idOf(session.customer);
      const subscriptionId = idOf(session.subscription);
      const row = await findRow(db, { userId: session.client_reference_id ?? session.metadata?.user_id, customerId, subscriptionId });
      if (!row) return unknownLearner(log, event);
      const paid = session.payment_status === 'paid';
      if (await isIgnored(handling, row, event, paid ? subscriptionId : null)) return 'ignored';
      const plan = await findCataloguePlan(db, session.metadata?.plan_id);
      if (paid && plan) {
        // The period end follows with invoice.paid / customer.subscription.*; a known one is kept.
        await activatePaidPeriod(db, { userId: row.user_id, plan, periodEnd: null, provider: 'stripe', extra: links(event, { customerId, subscriptionId }) });
      } else {
        await updateSubscription(db, row.user_id, links(event, { customerId, subscriptionId }));
      }
      return 'applied';
    }

    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId) return 'ignored';
      const customerId = idOf(invoice.customer);
      const row = await findRow(db, { userId: details?.metadata?.user_id, customerId, subscriptionId });
      if (!row) return unknownLearner(log, event);
      const { plan, periodEnd } = await invoicePlan(db, invoice);
      // The payment is a fact whatever the order of events (invoice.paid and invoice.payment_succeeded
      // both arrive for the same invoice: its id keeps it to one row).
      if (invoice.amount_paid > 0) {
        await insertPayment(db, {
          id: invoice.id,
          user_id: row.user_id,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          status: 'succeeded',
          description: plan ? `${plan.name}プラン` : (invoice.description ?? 'サブスクリプション'),
          provider: 'stripe',
          plan_id: plan?.id ?? null,
          kind: invoice.billing_reason === 'subscription_update' ? 'proration' : 'subscription',
          created_at: toDate(invoice.status_transitions.paid_at ?? event.created),
        });
      }
      // An invoice of another subscription than the paid one: a second paid subscription, or the final
      // invoice of one cancelled earlier; claim() tells which, and cancels the older of two live ones.
      if (await isIgnored(handling, row, event, subscriptionId)) return 'ignored';
      if (plan) {
        await activatePaidPeriod(db, { userId: row.user_id, plan, periodEnd, provider: 'stripe', extra: links(event, { customerId, subscriptionId }) });
      } else {
        log.warn({ event: event.id, invoice: invoice.id }, 'stripe invoice for a price outside the plan catalogue');
        await updateSubscription(db, row.user_id, { status: 'active', provider: 'stripe', ...(periodEnd ? { current_period_end: periodEnd } : {}), ...links(event, { customerId, subscriptionId }) });
      }
      return 'applied';
    }

    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId) return 'ignored';
      const row = await findRow(db, { userId: invoice.parent?.subscription_details?.metadata?.user_id, customerId: idOf(invoice.customer), subscriptionId });
      if (!row) return unknownLearner(log, event);
      // A declined first payment (the Payment Element shows it) must not end a running trial; only a
      // renewal of the subscription the learner actually has makes it past_due.
      const isCurrent = row.stripe_subscription_id === subscriptionId && (row.status === 'active' || row.status === 'past_due');
      if (!isCurrent || invoice.billing_reason === 'subscription_create' || isStale(row, event)) return 'ignored';
      await updateSubscription(db, row.user_id, { status: 'past_due', last_event_at: toDate(event.created) });
      return 'applied';
    }

    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      let subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      const row = await findRow(db, { userId: subscription.metadata?.user_id, customerId, subscriptionId: subscription.id });
      if (!row) return unknownLearner(log, event);
      // Events carry whole seconds: two updates within one second (a paid plan change, then the withdrawal
      // of a scheduled cancellation, decision 031) cannot be ordered by \`created\`, and either may arrive
      // last. Then neither snapshot is trusted: Stripe's current state is applied.
      if (row.last_event_at && toDate(event.created).getTime() === row.last_event_at.getTime()) {
        subscription = await handling.stripe.currentSubscription(subscription.id);
      }
      const status = mapStripeStatus(subscription.status);
      // News about an old subscription must not overwrite the one the learner has now.
      const isOther = Boolean(row.stripe_subscription_id && row.stripe_subscription_id !== subscription.id);
      if (status === null || (isOther && status !== 'active') || (status !== 'active' && !paysThroughStripe(row))) return 'ignored';
      if (await isIgnored(handling, row, event, isOther ? subscription.id : null)) return 'ignored';
      const item = subscription.items.data[0];
      const plan = item ? await findCataloguePlanByPriceId(db, item.price.id) : null;
      await updateSubscription(db, row.user_id, {
        status,
        provider: 'stripe',
        cancel_at_period_end: subscription.cancel_at_period_end || subscription.cancel_at !== null,
        ...(item ? { current_period_end: toDate(item.current_period_end) } : {}),
        ...(plan ? planFields(plan) : {}),
        ...links(event, { customerId, subscriptionId: subscription.id }),
      });
      return 'applied';
    }

    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const row = await findRow(db, { userId: subscription.metadata?.user_id, customerId: idOf(subscription.customer), subscriptionId: subscription.id });
      if (!row) return unknownLearner(log, event);
      if (isStale(row, event) || (row.stripe_subscription_id && row.stripe_subscription_id !== subscription.id)) return 'ignored';
      if (!paysThroughStripe(row)) return 'ignored';
      await updateSubscription(db, row.user_id, { status: 'canceled', cancel_at_period_end: false, last_event_at: toDate(event.created) });
      return 'applied';
    }

    // Refunds and disputes (decision 096). Each event only names the charge; what it changed is read
    // from Stripe's current state of the charge, so replays and any delivery order store the same thing.
    // Stripe changes no subscription for them, and neither do we: a cancellation that goes with a
    // refund arrives as customer.subscription.* like any other.
    case 'charge.refunded':
      return applyChargeReversal(handling, event, event.data.object.id);
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return applyChargeReversal(handling, event, idOf(event.data.object.charge));

    default:
      return 'ignored';
  }
}

/**
 * Stores a charge's refunded total and latest dispute on the payment row of the invoice it paid (the row's
 * id is the invoice id). A charge of no invoice (not a subscription payment) or of a customer we do not
 * know is ignored; one of a known learner whose payment is not recorded yet is retried by Stripe.
 */
async function applyChargeReversal(handling: Handling, event: Stripe.Event, chargeId: string | null): Promise<WebhookOutcome> {
  const { db, log } = handling;
  if (!chargeId) return 'ignored';
  const charge = await handling.stripe.chargeState(chargeId);
  if (!charge?.invoiceId) {
    log.info({ event: event.id, type: event.type, charge: chargeId }, 'stripe refund or dispute of a charge that paid no invoice');
    return 'ignored';
  }
  const stored = await setPaymentReversal(db, charge.invoiceId, {
    refundedAmount: charge.amountRefunded,
    disputeStatus: charge.dispute?.status ?? null,
    disputedAmount: charge.dispute?.amount ?? 0,
    statusFor: (amount) => paymentStatusAfterReversal(amount, charge),
  });
  if (stored !== 'missing') return 'applied';
  const learner = charge.customerId ? await findSubscriptionByStripeCustomer(db, charge.customerId) : undefined;
  if (!learner) return unknownLearner(log, event);
  throw new PaymentNotRecordedYet(charge.invoiceId);
}

function planFields(plan: TCataloguePlan): SubscriptionUpdate {
  return { plan_id: plan.id, type: plan.type, interval: plan.interval, amount: plan.priceYen };
}

/** The catalogue plan an invoice charges for, and the end of the period it pays (latest line end). */
async function invoicePlan(db: Db, invoice: Stripe.Invoice): Promise<{ plan: TCataloguePlan | null; periodEnd: Date | null }> {
  let plan: TCataloguePlan | null = null;
  let periodEnd = 0;
  for (const line of invoice.lines.data) {
    periodEnd = Math.max(periodEnd, line.period.end);
    const price = idOf(line.pricing?.price_details?.price);
    if (price) {
      const found = await findCataloguePlanByPriceId(db, price);
      // Proration lines credit the old plan; the line that ends last is the plan now paid for.
      if (found && line.period.end >= periodEnd) plan = found;
    }
  }
  return { plan, periodEnd: periodEnd > 0 ? toDate(periodEnd) : null };
}

function unknownLearner(log: Logger, event: Stripe.Event): WebhookOutcome {
  log.warn({ event: event.id, type: event.type }, 'stripe event for no known learner');
  return 'ignored';
}
