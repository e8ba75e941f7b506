import { AppError } from '../errors.js';
import { BILLING_TEXT, upgradeDoneMessage } from '@shunkan/config/billing';
import { isPlanId, SUBSCRIPTION_STATUSES, type SubscriptionType } from '@shunkan/config/plans';
import { inTransaction, type Db } from '@shunkan/db';
import { findPaymentByClientSecret, listUserPayments } from '@shunkan/db/payments';
import type { SubscriptionRow } from '@shunkan/db/schema';
import { ensureSubscription, lockSubscription, updateSubscription } from '@shunkan/db/subscriptions';
import { claimTrialForEmail } from '@shunkan/db/trial-claims';
import { z } from 'zod';
import type { SessionUser } from '../session.js';
import { type BillingProvider } from '../services/billing/types.js';
import { assertBillingLease, withBillingLock, type BillingWriteOptions } from './billing-lock.js';
import { getAccess, type DailyLimits } from './access.js';
import { findCataloguePlan, findCataloguePlanByPriceId, getCatalogue, yearlyPlanIdOf, ZCataloguePlan, ZPlanId, type TCataloguePlan } from './plans.js';
import { resolveSubscription, syncSubscription, toSubscriptionView, trialDaysRemaining, trialEnd, ZSubscriptionView, type TSubscriptionView } from './subscription.js';

export const ZBillingMode = z.enum(['sandbox', 'stripe']);

export const ZPlansList = z.object({ billingMode: ZBillingMode, plans: z.array(ZCataloguePlan) });
export type TPlansList = z.infer<typeof ZPlansList>;

export const ZPaymentIntent = z.object({
  clientSecret: z.string(),
  mode: ZBillingMode,
  planId: ZPlanId,
  amount: z.number().int(),
  planName: z.string(),
});

export const ZUpgradeResult = z.object({ message: z.string(), subscription: ZSubscriptionView });

export const ZBillingDetails = z.object({
  isAdmin: z.boolean(),
  billingMode: ZBillingMode,
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: ZPlanId.nullable(),
  planName: z.string().nullable(),
  subscriptionType: z.enum(['standard', 'premium']).nullable(),
  interval: z.enum(['month', 'year']).nullable(),
  /** Integer yen per interval. */
  amount: z.number().int().nullable(),
  currency: z.literal('jpy'),
  currentPeriodEnd: z.string().nullable(),
  /** When the next charge happens; null when nothing will be charged (trial, cancellation pending, ended). */
  nextBillingDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEndsAt: z.string().nullable(),
  trialDaysRemaining: z.number().int(),
  dailyLimit: z.number().int().nullable(),
  canUpgradeToYearly: z.boolean(),
  canUpgradeToPremium: z.boolean(),
  canManageBilling: z.boolean(),
  /** A plan granted from the admin dashboard: free, no end date; not upgraded, cancelled or billed here. */
  grantedByAdmin: z.boolean(),
  payments: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      /** Returned to the card so far (refunds; decision 096). */
      refundedAmount: z.number().int(),
      /** What the payment still counts for after refunds and a lost dispute. */
      netAmount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      description: z.string().nullable(),
      planId: z.string().nullable(),
      kind: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type TBillingDetails = z.infer<typeof ZBillingDetails>;

type Options = { db: Db; user: SessionUser; billing: BillingProvider; now: Date };

/** Administrators use everything for free; no billing call may create charges or state for them. */
function assertNotAdmin(user: SessionUser): void {
  if (user.isAdmin) throw new AppError('BAD_REQUEST', BILLING_TEXT.adminExempt);
}

/** A learner who already pays (or owes) must manage that subscription, not start a second one. */
/**
 * A plan granted from the admin dashboard is not a paid subscription (nothing to prorate against, no
 * billing account): the learner changes it through an administrator, never by a charge here (decision 060).
 */
function assertNotAdminGrant(row: SubscriptionRow): void {
  if (row.provider === 'admin' && row.status === 'active') throw new AppError('BAD_REQUEST', BILLING_TEXT.adminGrantedPlan);
}

function assertNotSubscribed(row: SubscriptionRow | undefined, now: Date): void {
  const status = resolveSubscription(row, now).status;
  if (status === 'active' || status === 'past_due') throw new AppError('CONFLICT', BILLING_TEXT.alreadySubscribed);
}

async function requirePlan(db: Db, planId: string): Promise<TCataloguePlan> {
  const plan = await findCataloguePlan(db, planId);
  if (!plan) throw new AppError('BAD_REQUEST', BILLING_TEXT.unknownPlan);
  return plan;
}

export { BILLING_WRITE_WAIT_MS, BILLING_WRITES_AT_ONCE } from './billing-lock.js';

/**
 * Runs a billing write that calls no provider: the learner's billing writes serialised (withBillingLock),
 * and `work` in one short transaction under the learner's subscription row lock, with the row brought up
 * to date first. Writes that call the provider use withBillingLock and freshRow, and keep the provider
 * call outside every transaction (decision 074). The transaction first checks that the learner's lease is
 * still this write's (the fence, decision 086).
 */
export async function withLockedSubscription<T>(
  db: Db,
  userId: string,
  now: Date,
  work: (trx: Db, row: SubscriptionRow) => Promise<T>,
  options: BillingWriteOptions<T> = {},
): Promise<T> {
  return withBillingLock(
    db,
    userId,
    () =>
      inTransaction(db, async (trx) => {
        await lockSubscription(trx, userId);
        await assertBillingLease(trx, userId);
        const row = (await syncSubscription({ db: trx, userId, now })) ?? (await ensureSubscription(trx, userId));
        return work(trx, row);
      }),
    options,
  );
}

/**
 * The learner's row brought up to date, read under withBillingLock: no other billing write of the learner
 * runs meanwhile; a Stripe event may still arrive, so what a write stores afterwards is stored under the row
 * lock (storeUnderLock) and changes only what the write itself learnt.
 */
async function freshRow(db: Db, userId: string, now: Date): Promise<SubscriptionRow> {
  return (await syncSubscription({ db, userId, now })) ?? (await ensureSubscription(db, userId));
}

/**
 * A write's outcome, stored in one short transaction under the learner's subscription row lock, if the
 * learner's lease is still this write's (decision 086).
 */
async function storeUnderLock<T>(db: Db, userId: string, work: (trx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await lockSubscription(trx, userId);
    await assertBillingLease(trx, userId);
    return work(trx);
  });
}

async function currentView(db: Db, user: SessionUser, now: Date): Promise<TSubscriptionView> {
  const row = await syncSubscription({ db, userId: user.id, now });
  return toSubscriptionView(user, row, now);
}

export async function listPlanCatalogue(options: { db: Db; billing: BillingProvider }): Promise<TPlansList> {
  const plans = await getCatalogue(options.db);
  // A Stripe price id means nothing to the sandbox form; keep the contract's null there.
  return { billingMode: options.billing.mode, plans: options.billing.mode === 'stripe' ? plans : plans.map((p) => ({ ...p, priceId: null })) };
}

/**
 * 7 days of premium features from now, no card, once per account (trial_used never resets) and once per
 * e-mail address (decision 066: deleting the account and signing up again with the address gave another).
 */
export async function startTrial(options: { db: Db; user: SessionUser; now: Date }): Promise<TSubscriptionView> {
  const { db, user, now } = options;
  assertNotAdmin(user);
  // Sent again while the first is on its way (a double click): once that one is done, the stored row
  // refuses the repeat at once (decision 086).
  const settled = async () => {
    const row = await freshRow(db, user.id, now);
    if (row.trial_used) throw new AppError('CONFLICT', BILLING_TEXT.trialAlreadyUsed);
    assertNotSubscribed(row, now);
    return undefined;
  };
  const started = await withLockedSubscription(db, user.id, now, async (trx, row) => {
    if (row.trial_used) throw new AppError('CONFLICT', BILLING_TEXT.trialAlreadyUsed);
    assertNotSubscribed(row, now);
    if (!(await claimTrialForEmail(trx, user.id, now))) {
      // The address had its trial under an earlier account: this account's is used too (committed,
      // so that the plan screens stop offering it), and the refusal is thrown after the commit.
      await updateSubscription(trx, user.id, { trial_used: true });
      return null;
    }
    await updateSubscription(trx, user.id, {
      status: 'trialing',
      type: 'premium',
      plan_id: null,
      interval: null,
      amount: null,
      current_period_end: null,
      cancel_at_period_end: false,
      trial_start: now,
      trial_used: true,
    });
    return currentView(trx, user, now);
  }, { intent: 'trial', settled });
  if (!started) throw new AppError('CONFLICT', BILLING_TEXT.trialAlreadyUsed);
  return started;
}

export async function createPaymentIntent(options: Options & { planId: string }) {
  const { db, user, billing, now } = options;
  assertNotAdmin(user);
  const plan = await requirePlan(db, options.planId);
  // One at a time per learner: two checkout pages opened at once leave one payable intent, not two. The
  // provider is called with no transaction open (decision 074).
  const { clientSecret } = await withBillingLock(
    db,
    user.id,
    async () => {
      assertNotSubscribed(await freshRow(db, user.id, now), now);
      return billing.createPaymentIntent({ db, user, plan, now });
    },
    {
      // After waiting for another write: a learner who paid meanwhile is refused without the lease.
      settled: async () => {
        assertNotSubscribed(await freshRow(db, user.id, now), now);
        return undefined;
      },
    },
  );
  return { clientSecret, mode: billing.mode, planId: plan.id, amount: plan.priceYen, planName: plan.name };
}

export async function confirmSandboxPayment(options: Options & { clientSecret: string; cardNumber: string }) {
  const { db, user, billing, now } = options;
  assertNotAdmin(user);
  if (billing.mode !== 'sandbox') throw new AppError('PRECONDITION_FAILED', BILLING_TEXT.sandboxOnly);
  const { clientSecret, cardNumber } = options;
  const { planId } = await withBillingLock(db, user.id, () => billing.confirmPayment({ db, user, now, clientSecret, cardNumber }), {
    // The same form submitted again while the first confirmation runs: answered from the payment it stored.
    intent: `confirm:${clientSecret}`,
    settled: async () => {
      const payment = await findPaymentByClientSecret(db, clientSecret);
      if (!payment || payment.user_id !== user.id || !payment.plan_id) return undefined;
      if (payment.status === 'succeeded') return { answer: { planId: payment.plan_id } };
      if (payment.status === 'canceled') throw new AppError('CONFLICT', BILLING_TEXT.paymentSuperseded);
      return undefined;
    },
  });
  return { status: 'succeeded' as const, planId: ZPlanId.parse(planId) };
}

/**
 * Where the payment page may send the learner back: a path of this site, or an absolute URL on the
 * configured public origin. Anything else would turn checkout into an open redirect.
 */
export function resolveReturnUrl(value: string | undefined, fallback: string, publicOrigin: string | null): string {
  if (value === undefined || value === '') return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) throw new AppError('BAD_REQUEST', BILLING_TEXT.invalidRedirectUrl);
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('BAD_REQUEST', BILLING_TEXT.invalidRedirectUrl);
  }
  if (publicOrigin !== null && url.origin === publicOrigin) return value;
  throw new AppError('BAD_REQUEST', BILLING_TEXT.invalidRedirectUrl);
}

export async function createCheckoutSession(
  options: Options & { planId?: string; priceId?: string; successUrl?: string; cancelUrl?: string },
): Promise<{ url: string }> {
  const { db, user, billing, now } = options;
  assertNotAdmin(user);
  let plan = options.planId ? await findCataloguePlan(db, options.planId) : null;
  if (!plan && options.priceId) {
    // Older clients send the plan key as "priceId"; otherwise only a catalogue price can be bought.
    plan = isPlanId(options.priceId) ? await findCataloguePlan(db, options.priceId) : await findCataloguePlanByPriceId(db, options.priceId);
  }
  if (!plan) throw new AppError('BAD_REQUEST', BILLING_TEXT.unknownPlan);
  const successUrl = resolveReturnUrl(options.successUrl, `/payment-success?plan=${plan.id}&session_id={CHECKOUT_SESSION_ID}`, billing.publicOrigin);
  const cancelUrl = resolveReturnUrl(options.cancelUrl, '/payment-cancelled', billing.publicOrigin);
  assertNotSubscribed(await syncSubscription({ db, userId: user.id, now }), now);
  return billing.createCheckoutSession({ db, user, plan, successUrl, cancelUrl, now });
}

export async function createPortalSession(options: Options): Promise<{ url: string }> {
  const { db, user, billing, now } = options;
  assertNotAdmin(user);
  const row = (await syncSubscription({ db, userId: user.id, now })) ?? (await ensureSubscription(db, user.id));
  return billing.createPortalSession({ db, user, row, now });
}

/** The plan a paid row is on; rows granted outside checkout may only carry type and interval. */
async function currentPlanOf(db: Db, row: SubscriptionRow): Promise<TCataloguePlan | null> {
  const byId = await findCataloguePlan(db, row.plan_id);
  if (byId || !row.type) return byId;
  const type = row.type as SubscriptionType;
  return findCataloguePlan(db, row.interval === 'year' ? yearlyPlanIdOf(type) : type);
}

/** Cancellation at period end (cancel: true) or its withdrawal (cancel: false); repeating it is harmless. */
export async function setCancelAtPeriodEnd(options: Options & { cancel: boolean }): Promise<TSubscriptionView> {
  const { db, user, billing, now, cancel } = options;
  assertNotAdmin(user);
  /** The refusals, or the answer when the flag already is what was asked (a repeat changes nothing). */
  const decide = async (row: SubscriptionRow): Promise<{ answer: TSubscriptionView } | undefined> => {
    const status = resolveSubscription(row, now).status;
    if (status !== 'active') {
      throw new AppError('BAD_REQUEST', status === 'canceled' || status === 'expired' ? BILLING_TEXT.subscriptionEnded : BILLING_TEXT.noActiveSubscription);
    }
    assertNotAdminGrant(row);
    return row.cancel_at_period_end === cancel ? { answer: await currentView(db, user, now) } : undefined;
  };
  const settled = async () => decide(await freshRow(db, user.id, now));
  return withBillingLock(db, user.id, async () => {
    const row = await freshRow(db, user.id, now);
    const done = await decide(row);
    if (done) return done.answer;
    // The provider first, with no transaction open; a refusal stores nothing.
    await billing.setCancelAtPeriodEnd({ db, user, row, cancel, now });
    return storeUnderLock(db, user.id, async (trx) => {
      await updateSubscription(trx, user.id, { cancel_at_period_end: cancel });
      return currentView(trx, user, now);
    });
  }, { intent: `cancel:${cancel}`, settled });
}

/**
 * POST /api/upgrade-subscription: to the yearly variant of the plan (planType yearly), or from standard
 * to premium at the same interval (planType premium); charged at once with proration.
 */
export async function upgradeSubscription(options: Options & { planType: 'yearly' | 'premium' }): Promise<{ message: string; subscription: TSubscriptionView }> {
  const { db, user, billing, now, planType } = options;
  assertNotAdmin(user);
  // One at a time per learner: of ten concurrent upgrades the first charges and switches, the others then
  // read the new plan and are refused (alreadyYearly / alreadyPremium) instead of charging the proration
  // again. The charge is made with no transaction open (decision 074), then stored in a short one.
  /** The refusals on the learner's row (alreadyYearly after a repeat's first try), or the plans from and to. */
  const decide = async (row: SubscriptionRow) => {
    if (resolveSubscription(row, now).status !== 'active') throw new AppError('BAD_REQUEST', BILLING_TEXT.noActiveSubscription);
    assertNotAdminGrant(row);
    const from = await currentPlanOf(db, row);
    if (!from) throw new AppError('BAD_REQUEST', BILLING_TEXT.noActiveSubscription);
    let toId: string;
    if (planType === 'yearly') {
      if (from.interval === 'year' || row.interval === 'year') throw new AppError('BAD_REQUEST', BILLING_TEXT.alreadyYearly);
      toId = yearlyPlanIdOf(from.type);
    } else {
      if (from.type === 'premium') throw new AppError('BAD_REQUEST', BILLING_TEXT.alreadyPremium);
      toId = from.interval === 'year' ? yearlyPlanIdOf('premium') : 'premium';
    }
    return { from, toId };
  };
  // A repeat that waited for the first try is refused from the stored plan without the lease; one whose
  // first try was refused (a declined card) goes on and tries itself (decision 086).
  const settled = async () => {
    await decide(await freshRow(db, user.id, now));
    return undefined;
  };
  return withBillingLock(db, user.id, async () => {
    const row = await freshRow(db, user.id, now);
    const { from, toId } = await decide(row);
    const to = await requirePlan(db, toId);
    const result = await billing.changePlan({ db, user, row, from, to, now });
    // The learner paid for the new plan: a 解約 scheduled before the upgrade is withdrawn with it (the
    // provider did so already, or says it could not).
    return storeUnderLock(db, user.id, async (trx) => {
      // What the provider leaves to be stored with the change (the sandbox's proration payment).
      await result.record?.(trx);
      await updateSubscription(trx, user.id, {
        plan_id: to.id,
        type: to.type,
        interval: to.interval,
        amount: to.priceYen,
        current_period_end: result.currentPeriodEnd,
        cancel_at_period_end: result.cancelAtPeriodEnd,
      });
      const cancellation = !row.cancel_at_period_end ? 'none' : result.cancelAtPeriodEnd ? 'kept' : 'withdrawn';
      return { message: upgradeDoneMessage(to.name, result.proratedAmount, cancellation), subscription: await currentView(trx, user, now) };
    });
  }, { intent: `upgrade:${planType}`, settled });
}

/** GET /api/subscription-details: the learner's plan, amounts, next charge and own recent payments. */
export async function getBillingDetails(options: Options & { limits?: DailyLimits }): Promise<TBillingDetails> {
  const { db, user, billing, now } = options;
  const row = await syncSubscription({ db, userId: user.id, now });
  const resolved = resolveSubscription(row, now);
  const plan = row ? await currentPlanOf(db, row) : null;
  const access = await getAccess({ db, user, now, limits: options.limits });
  const payments = user.isAdmin ? [] : await listUserPayments(db, user.id, 10);
  const isPaid = resolved.status === 'active' || resolved.status === 'past_due';
  const trialStart = row?.status === 'trialing' ? row.trial_start : null;
  const granted = row?.provider === 'admin' && resolved.status === 'active';
  return {
    isAdmin: user.isAdmin,
    billingMode: billing.mode,
    status: resolved.status,
    planId: isPaid || resolved.status === 'canceled' ? (plan?.id ?? null) : null,
    planName: isPaid || resolved.status === 'canceled' ? (plan?.name ?? null) : null,
    subscriptionType: (row?.type ?? null) as SubscriptionType | null,
    interval: isPaid ? (plan?.interval ?? null) : null,
    amount: isPaid ? (row?.amount ?? plan?.priceYen ?? null) : null,
    currency: 'jpy',
    currentPeriodEnd: resolved.currentPeriodEnd?.toISOString() ?? null,
    nextBillingDate: resolved.status === 'active' && !row?.cancel_at_period_end ? (resolved.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: row?.cancel_at_period_end ?? false,
    trialEndsAt: trialStart ? trialEnd(trialStart).toISOString() : null,
    trialDaysRemaining: resolved.status === 'trialing' ? trialDaysRemaining(trialStart, now) : 0,
    dailyLimit: access.dailyLimit,
    canUpgradeToYearly: !user.isAdmin && !granted && resolved.status === 'active' && plan?.interval === 'month',
    canUpgradeToPremium: !user.isAdmin && !granted && resolved.status === 'active' && plan?.type === 'standard',
    canManageBilling: !user.isAdmin && (billing.mode === 'sandbox' ? !granted && (isPaid || resolved.status === 'canceled') : Boolean(row?.stripe_customer_id)),
    grantedByAdmin: granted,
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      refundedAmount: p.refunded_amount,
      netAmount: p.net_amount,
      currency: p.currency,
      status: p.status,
      description: p.description,
      planId: p.plan_id,
      kind: p.kind,
      createdAt: p.created_at.toISOString(),
    })),
  };
}
