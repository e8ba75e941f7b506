import type { Db } from '@shunkan/db';
import type { Stripe } from 'stripe';
import type { SubscriptionRow } from '@shunkan/db/schema';
import type { SessionUser } from '../../session.js';
import type { TCataloguePlan } from '../../domain/plans.js';
import type { TChargeReversal } from '../../domain/payment-reversals.js';

export type BillingMode = 'sandbox' | 'stripe';

/** One charge as the refund and dispute events need it (StripeBillingProvider.chargeState). */
export type TChargeState = TChargeReversal & { chargeId: string; invoiceId: string | null; customerId: string | null };

/** A price as the admin price tools show it (spec section 3, payment price item). */
export type TPriceItem = {
  id: string;
  active: boolean;
  unit_amount: number | null;
  currency: string;
  type: 'recurring' | 'one_time';
  recurring: { interval: string; interval_count: number } | null;
  product: string | null;
  nickname: string | null;
};

type Call = { db: Db; user: SessionUser; now: Date };

/**
 * What a payment provider does for us. Called with no transaction open (decision 074): a provider's
 * own writes are single statements or short transactions of its own, never across a remote call. Chosen once at start-up (apps/api server.ts): Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the sandbox, which runs the same calls and state transitions
 * locally. The domain (domain/billing.ts) checks roles, plans and state before calling a provider and
 * records the resulting subscription state; a provider only talks to its payment system.
 */
type BillingProviderBase = {
  readonly mode: BillingMode;
  /** Absolute origin checkout/portal return URLs may point at (PUBLIC_URL); null = relative paths only. */
  readonly publicOrigin: string | null;
  /** A client secret for the payment form (Stripe Payment Element, or the sandbox card form). */
  createPaymentIntent(input: Call & { plan: TCataloguePlan }): Promise<{ clientSecret: string }>;
  /** A hosted checkout page; success/cancel URLs were already checked to be ours. */
  createCheckoutSession(input: Call & { plan: TCataloguePlan; successUrl: string; cancelUrl: string }): Promise<{ url: string }>;
  createPortalSession(input: Call & { row: SubscriptionRow }): Promise<{ url: string }>;
  /** Tells the payment system about a cancellation at period end (or its withdrawal). */
  setCancelAtPeriodEnd(input: Call & { row: SubscriptionRow; cancel: boolean }): Promise<void>;
  /**
   * Switches a paid subscription to another plan now, with proration, and withdraws a cancellation at
   * period end that was scheduled (the learner pays for the new period, so it must not end at the old
   * one's end); the domain stores the result. `cancelAtPeriodEnd` is what the provider has afterwards:
   * true only when the withdrawal was refused after the change had been paid.
   */
  changePlan(input: Call & { row: SubscriptionRow; from: TCataloguePlan; to: TCataloguePlan }): Promise<{
    proratedAmount: number | null;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd: boolean;
    /** Rows to store with the change, in the domain's transaction that stores it (the sandbox's charge). */
    record?: (trx: Db) => Promise<void>;
  }>;
  /**
   * Ends the learner's subscription at the payment system now, for an account deletion (decision 059):
   * nothing is charged afterwards and the rest of the paid period is not refunded. Stripe also deletes
   * the customer, which ends the subscriptions we never stored (decision 064). Repeating it is harmless
   * (an ended subscription or a deleted customer is left alone); a refusal or an unreachable provider throws.
   */
  cancelForAccountDeletion(input: Call & { row: SubscriptionRow }): Promise<void>;
};

export type SandboxBillingProvider = BillingProviderBase & {
  readonly mode: 'sandbox';
  /** What Stripe's confirmPayment does for the Payment Element, done locally with test cards. */
  confirmPayment(input: Call & { clientSecret: string; cardNumber: string }): Promise<{ planId: string }>;
};

export type StripeBillingProvider = BillingProviderBase & {
  readonly mode: 'stripe';
  /**
   * Two live subscriptions for one learner (current = the one we store, incoming = the one an event is
   * about): keeps the newer, cancels the older with its unused time credited to the customer, and says
   * which one stays. A subscription Stripe no longer charges for is simply not kept. See
   * docs/decisions/006-one-paid-subscription-per-learner.md.
   */
  keepNewestSubscription(input: { current: string; incoming: string }): Promise<'current' | 'incoming'>;
  /** Stripe's current state of one subscription (the webhook's tie-break for events of one second). */
  currentSubscription(subscriptionId: string): Promise<Stripe.Subscription>;
  /**
   * Stripe's current state of one charge for the refund and dispute events (decision 096): the invoice it
   * paid (found through the invoice payment of its payment intent; our payment row has the invoice's id),
   * its customer, refunded total and latest dispute. Null when Stripe has no such charge.
   */
  chargeState(chargeId: string): Promise<TChargeState | null>;
  /** Verifies a webhook's signature over the raw body; throws on any mismatch. */
  constructWebhookEvent(rawBody: Buffer | string, signature: string | string[] | undefined): Stripe.Event;
  /** 'test' or 'live', from the secret key's prefix (the admin price tools show it). */
  readonly accountType: 'test' | 'live';
  /** One price as Stripe has it (admin price check); a Stripe refusal becomes an AppError with its message. */
  retrievePrice(priceId: string): Promise<TPriceItem>;
  /** The account's prices, newest first, at most 100 (admin price list). */
  listPrices(): Promise<TPriceItem[]>;
  /** Whether Stripe answers with this key: null when it does, else the reason (admin payments tab). */
  checkConnection(): Promise<string | null>;
  /** Compares the configured prices with the catalogue (amount, currency, interval); returns problems found. */
  checkPrices(plans: TCataloguePlan[]): Promise<string[]>;
};

export type BillingProvider = SandboxBillingProvider | StripeBillingProvider;
