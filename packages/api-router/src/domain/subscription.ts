import { DAY_MS } from '@shunkan/config/time';
import { TRIAL_DAYS, type BillingInterval, type SubscriptionStatus, type SubscriptionType } from '@shunkan/config/plans';
import { inTransaction, type Db } from '@shunkan/db';
import { insertPayment } from '@shunkan/db/payments';
import { findPlanById } from '@shunkan/db/plans';
import { findSubscription, moveActivePeriodEnd, setSubscriptionStatusIf, updateSubscription } from '@shunkan/db/subscriptions';
import type { SubscriptionRow, SubscriptionUpdate } from '@shunkan/db/schema';
import { z } from 'zod';
import type { SessionUser } from '../session.js';

export const ZSubscriptionView = z.object({
  isAdmin: z.boolean(),
  subscriptionType: z.enum(['standard', 'premium']).nullable(),
  subscriptionStatus: z.enum(['none', 'trialing', 'active', 'past_due', 'canceled', 'expired']),
  trialStart: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  trialDaysRemaining: z.number().int(),
  trialUsed: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  planType: z.string().nullable(),
  interval: z.enum(['month', 'year']).nullable(),
  billingInterval: z.enum(['month', 'year']).nullable(),
  amount: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Access rule of spec section 4 (active or trialing), admins always. */
  hasAccess: z.boolean(),
  /** Premium features: type premium (or a trial) with access, admins always. */
  isPremium: z.boolean(),
  /** A plan granted from the admin dashboard: free, no end date, changed only by an admin (decision 060). */
  grantedByAdmin: z.boolean(),
});
export type TSubscriptionView = z.infer<typeof ZSubscriptionView>;

export function trialEnd(trialStart: Date): Date {
  return new Date(trialStart.getTime() + TRIAL_DAYS * DAY_MS);
}

/** 7 minus whole days elapsed since trialStart, never below 0 (spec section 4). */
export function trialDaysRemaining(trialStart: Date | null, now: Date): number {
  if (!trialStart) return 0;
  const elapsedDays = Math.floor((now.getTime() - trialStart.getTime()) / DAY_MS);
  return Math.max(0, Math.min(TRIAL_DAYS, TRIAL_DAYS - elapsedDays));
}

/**
 * `count` billing intervals after `date` (negative: before), in UTC calendar months; a day that the
 * target month lacks is clamped to its last day (31 Jan + 1 month = 28/29 Feb), as Stripe does.
 */
export function addInterval(date: Date, interval: BillingInterval, count = 1): Date {
  const months = (interval === 'year' ? 12 : 1) * count;
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/**
 * How long a Stripe subscription stays usable past its period end without hearing from Stripe: Stripe
 * renews on its side and reports by webhook; if that word never comes (say, a misconfigured endpoint),
 * access must not run on for free forever.
 */
export const STRIPE_RENEWAL_GRACE_MS = 3 * DAY_MS;

/** Sandbox renewals resolved at once at most (100 years of months): a bound, not a business rule. */
const MAX_RENEWALS = 1200;

export type SubscriptionStateFields = Pick<
  SubscriptionRow,
  'status' | 'trial_start' | 'current_period_end' | 'cancel_at_period_end' | 'provider' | 'interval'
>;

export type ResolvedSubscription = {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  /** Sandbox renewals fallen due since the stored period end: the start of each renewed period. */
  renewals: Date[];
};

/**
 * The subscription state machine with time applied, computed from the stored row and `now` only, so
 * the same row and clock always give the same answer (no timers, no background jobs):
 * - trialing: expired once 7 days have passed since trialStart;
 * - active with the period over: canceled when cancellation at period end was asked for; otherwise the
 *   sandbox renews for as many whole intervals as have passed, while a Stripe subscription waits for
 *   Stripe's webhook (past_due after STRIPE_RENEWAL_GRACE_MS without one);
 * - none, past_due, canceled, expired: as stored (only payments or webhooks move them).
 */
export function resolveSubscription(row: SubscriptionStateFields | undefined, now: Date): ResolvedSubscription {
  if (!row) return { status: 'none', currentPeriodEnd: null, renewals: [] };
  const status = row.status as SubscriptionStatus;
  const end = row.current_period_end;
  if (status === 'trialing') {
    const expired = !row.trial_start || trialEnd(row.trial_start) <= now;
    return { status: expired ? 'expired' : 'trialing', currentPeriodEnd: end, renewals: [] };
  }
  if (status !== 'active' || !end || end > now) return { status, currentPeriodEnd: end, renewals: [] };
  if (row.cancel_at_period_end) return { status: 'canceled', currentPeriodEnd: end, renewals: [] };
  if (row.provider === 'stripe') {
    const overdue = now.getTime() - end.getTime() > STRIPE_RENEWAL_GRACE_MS;
    return { status: overdue ? 'past_due' : 'active', currentPeriodEnd: end, renewals: [] };
  }
  const interval: BillingInterval = row.interval === 'year' ? 'year' : 'month';
  const renewals: Date[] = [];
  let periodEnd = end;
  while (periodEnd <= now && renewals.length < MAX_RENEWALS) {
    renewals.push(periodEnd);
    periodEnd = addInterval(end, interval, renewals.length);
  }
  return { status: 'active', currentPeriodEnd: periodEnd, renewals };
}

/** The stored status, with time applied (see resolveSubscription). */
export function effectiveStatus(row: SubscriptionStateFields | undefined, now: Date): SubscriptionStatus {
  return resolveSubscription(row, now).status;
}

export function hasAccessStatus(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing';
}

export function toSubscriptionView(user: SessionUser, row: SubscriptionRow | undefined, now: Date): TSubscriptionView {
  const resolved = resolveSubscription(row, now);
  const status = resolved.status;
  const type = (row?.type ?? null) as SubscriptionType | null;
  const interval = (row?.interval ?? null) as 'month' | 'year' | null;
  const access = hasAccessStatus(status);
  return {
    isAdmin: user.isAdmin,
    subscriptionType: type,
    subscriptionStatus: status,
    trialStart: row?.trial_start?.toISOString() ?? null,
    trialEndsAt: row?.trial_start ? trialEnd(row.trial_start).toISOString() : null,
    trialDaysRemaining: status === 'trialing' ? trialDaysRemaining(row?.trial_start ?? null, now) : 0,
    trialUsed: row?.trial_used ?? false,
    currentPeriodEnd: resolved.currentPeriodEnd?.toISOString() ?? null,
    planType: row?.plan_id ?? null,
    interval,
    billingInterval: interval,
    amount: row?.amount ?? null,
    cancelAtPeriodEnd: row?.cancel_at_period_end ?? false,
    hasAccess: user.isAdmin || access,
    isPremium: user.isAdmin || (access && (type === 'premium' || status === 'trialing')),
    grantedByAdmin: row?.provider === 'admin' && status === 'active',
  };
}

export async function getSubscriptionView(options: { db: Db; user: SessionUser; now: Date }): Promise<TSubscriptionView> {
  const row = await syncSubscription({ db: options.db, userId: options.user.id, now: options.now });
  return toSubscriptionView(options.user, row, options.now);
}

/**
 * Writes down what time has done to a subscription (resolveSubscription): sandbox renewals get their
 * period end moved and a payment row each; an ended trial or a cancellation that reached its period end
 * gets its final status. Idempotent and safe under concurrency: each write is conditional on the row
 * still being what was read, and renewal payment ids are deterministic. Reads never depend on it having
 * run (they resolve the same state), so the hot access check stays read-only.
 */
export async function syncSubscription(options: { db: Db; userId: string; now: Date }): Promise<SubscriptionRow | undefined> {
  const { db, userId, now } = options;
  const row = await findSubscription(db, userId);
  if (!row) return row;
  const resolved = resolveSubscription(row, now);
  const stored = row.status as SubscriptionStatus;
  if (resolved.renewals.length > 0 && row.current_period_end && resolved.currentPeriodEnd) {
    const previousEnd = row.current_period_end;
    const nextEnd = resolved.currentPeriodEnd;
    await inTransaction(db, async (trx) => {
      if (!(await moveActivePeriodEnd(trx, { userId, from: previousEnd, to: nextEnd, now }))) return;
      const plan = row.plan_id ? await findPlanById(trx, row.plan_id) : undefined;
      for (const start of resolved.renewals) {
        await insertPayment(trx, {
          id: `sandbox_renewal_${userId}_${start.getTime()}`,
          user_id: userId,
          amount: row.amount ?? plan?.price_yen ?? 0,
          status: 'succeeded',
          description: `${plan?.name ?? row.plan_id ?? ''}プラン（自動更新）`,
          provider: 'sandbox',
          plan_id: row.plan_id,
          kind: 'renewal',
          created_at: start,
        });
      }
    });
  } else if (resolved.status !== stored && (resolved.status === 'expired' || resolved.status === 'canceled')) {
    await setSubscriptionStatusIf(db, { userId, from: stored, to: resolved.status, now });
  } else {
    return row;
  }
  return findSubscription(db, userId);
}

/**
 * A paid period has started (sandbox payment confirmed, Stripe invoice paid): access on the paid plan
 * until `periodEnd`. Shared by both providers so they run one state machine.
 */
export async function activatePaidPeriod(
  db: Db,
  input: {
    userId: string;
    plan: { id: string; type: SubscriptionType; interval: BillingInterval; priceYen: number };
    periodEnd: Date | null;
    provider: 'sandbox' | 'stripe';
    /** Only set when known: a Stripe invoice says nothing about a pending cancellation. */
    cancelAtPeriodEnd?: boolean;
    extra?: SubscriptionUpdate;
  },
): Promise<void> {
  await updateSubscription(db, input.userId, {
    status: 'active',
    type: input.plan.type,
    plan_id: input.plan.id,
    interval: input.plan.interval,
    amount: input.plan.priceYen,
    provider: input.provider,
    ...(input.periodEnd ? { current_period_end: input.periodEnd } : {}),
    ...(input.cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: input.cancelAtPeriodEnd }),
    ...input.extra,
  });
}
