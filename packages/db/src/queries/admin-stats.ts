import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { PAID_PAYMENT_STATUSES } from '@shunkan/config/billing';
import type { Db } from '../index.js';
import type { Database } from '../schema.js';
import { NET_PAYMENT_AMOUNT } from './payments.js';

/** JST (UTC+9, no daylight saving) calendar month of a timestamp column, as YYYY-MM. */
function jstMonth(column: string) {
  return sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval '9 hours', 'YYYY-MM')`;
}

export type ActiveWindow = {
  now: Date;
  /** A trial lasts this long from trial_start. */
  trialMs: number;
  /** A Stripe subscription past its period end stays usable this long without word from Stripe. */
  stripeGraceMs: number;
};

/**
 * Subscriptions that give access right now, in SQL: the same rule as the subscription state machine
 * (api-router domain/subscription.ts resolveSubscription) so the dashboard counts what learners get.
 */
export function givesAccess(eb: ExpressionBuilder<Database, 'subscriptions'>, window: ActiveWindow): Expression<SqlBool> {
  const trialSince = new Date(window.now.getTime() - window.trialMs);
  const graceSince = new Date(window.now.getTime() - window.stripeGraceMs);
  return eb.or([
    eb.and([eb('subscriptions.status', '=', 'trialing'), eb('subscriptions.trial_start', '>', trialSince)]),
    eb.and([
      eb('subscriptions.status', '=', 'active'),
      eb.or([
        eb('subscriptions.current_period_end', 'is', null),
        eb('subscriptions.current_period_end', '>', window.now),
        eb.and([
          eb('subscriptions.cancel_at_period_end', '=', false),
          eb.or([eb('subscriptions.provider', '<>', 'stripe'), eb('subscriptions.current_period_end', '>', graceSince)]),
        ]),
      ]),
    ]),
  ]);
}

export type AdminStatsRaw = {
  totalUsers: number;
  totalSessions: number;
  totalRevenue: number;
  monthlyActiveUsers: number;
  weeklyActiveUsers: number;
  standardSubscriptions: number;
  premiumSubscriptions: number;
  trialingSubscriptions: number;
};

/**
 * The overview's counts. Users are learners (admins left out); a session is one graded answer; an
 * active learner answered at least one problem in the window (the last 30 or 7 days).
 */
export async function getAdminStatsRaw(db: Db, window: ActiveWindow): Promise<AdminStatsRaw> {
  const since30 = new Date(window.now.getTime() - 30 * 86_400_000);
  const since7 = new Date(window.now.getTime() - 7 * 86_400_000);
  const users = await db
    .selectFrom('users')
    .where('role', '=', 'learner')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.user_id')
    .where('users.role', '=', 'learner')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      sql<string>`count(distinct attempts.user_id) filter (where attempts.created_at > ${since30})`.as('mau'),
      sql<string>`count(distinct attempts.user_id) filter (where attempts.created_at > ${since7})`.as('wau'),
    ])
    .executeTakeFirstOrThrow();
  // Net of refunds and lost disputes (decision 096).
  const revenue = await db
    .selectFrom('payments')
    .where('status', 'in', PAID_PAYMENT_STATUSES)
    .select(sql<string>`coalesce(sum(${NET_PAYMENT_AMOUNT}), 0)`.as('sum'))
    .executeTakeFirstOrThrow();
  const subscriptions = await db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .where('users.role', '=', 'learner')
    .where((eb) => givesAccess(eb, window))
    .select([
      sql<string>`count(*) filter (where subscriptions.status = 'active' and subscriptions.type = 'standard')`.as('standard'),
      sql<string>`count(*) filter (where subscriptions.status = 'active' and subscriptions.type = 'premium')`.as('premium'),
      sql<string>`count(*) filter (where subscriptions.status = 'trialing')`.as('trialing'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(users.n),
    totalSessions: Number(sessions.total),
    totalRevenue: Number(revenue.sum),
    monthlyActiveUsers: Number(sessions.mau),
    weeklyActiveUsers: Number(sessions.wau),
    standardSubscriptions: Number(subscriptions.standard),
    premiumSubscriptions: Number(subscriptions.premium),
    trialingSubscriptions: Number(subscriptions.trialing),
  };
}

/** Paid subscriptions giving access now (trials and admin-granted plans excluded): amount and interval. */
export async function listRecurringAmounts(db: Db, window: ActiveWindow): Promise<Array<{ amount: number; interval: string }>> {
  const rows = await db
    .selectFrom('subscriptions')
    .where('status', '=', 'active')
    .where('provider', '<>', 'admin')
    .where((eb) => givesAccess(eb, window))
    .select(['amount', 'interval'])
    .execute();
  return rows.map((r) => ({ amount: r.amount ?? 0, interval: r.interval ?? 'month' }));
}

export type PaymentTotals = { totalRevenue: number; totalTransactions: number };

/**
 * Transactions are payments that reached an outcome (pending checkouts and superseded ones left out);
 * revenue is what the paid ones net after refunds and lost disputes (decision 096).
 */
export async function getPaymentTotals(db: Db): Promise<PaymentTotals> {
  const row = await db
    .selectFrom('payments')
    .where('status', 'not in', ['pending', 'canceled'])
    .select([
      sql<string>`coalesce(sum(${NET_PAYMENT_AMOUNT}) filter (where status in (${sql.join(PAID_PAYMENT_STATUSES)})), 0)`.as('revenue'),
      sql<string>`count(*)`.as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { totalRevenue: Number(row.revenue), totalTransactions: Number(row.n) };
}

export type RecentPaymentRow = {
  id: string;
  description: string | null;
  customerEmail: string | null;
  created: Date;
  amount: number;
  currency: string;
  status: string;
  provider: string;
  /** Refunded so far (yen). */
  refundedAmount: number;
  /** What the payment nets after refunds and a lost dispute (decision 096). */
  netAmount: number;
};

function toRecentPayment<T extends { netAmount: number | string }>(row: T): T & { netAmount: number } {
  return { ...row, netAmount: Number(row.netAmount) };
}

/** The latest transactions, newest first (spec: the latest 10). */
export async function listRecentPayments(db: Db, limit = 10): Promise<RecentPaymentRow[]> {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .where('payments.status', 'not in', ['pending', 'canceled'])
    .select([
      'payments.id',
      'payments.description',
      'users.email as customerEmail',
      'payments.created_at as created',
      'payments.amount',
      'payments.currency',
      'payments.status',
      'payments.provider',
      'payments.refunded_amount as refundedAmount',
      NET_PAYMENT_AMOUNT.as('netAmount'),
    ])
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRecentPayment);
}

/** One payment by id, with the customer's address (payment debug). */
export async function findPaymentForAdmin(db: Db, id: string): Promise<RecentPaymentRow | null> {
  const row = await db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .where('payments.id', '=', id)
    .select([
      'payments.id',
      'payments.description',
      'users.email as customerEmail',
      'payments.created_at as created',
      'payments.amount',
      'payments.currency',
      'payments.status',
      'payments.provider',
      'payments.refunded_amount as refundedAmount',
      NET_PAYMENT_AMOUNT.as('netAmount'),
    ])
    .executeTakeFirst();
  return row ? toRecentPayment(row) : null;
}

export type LevelAttemptStats = { level: string; totalAttempts: number; correctAttempts: number; averageRating: number; totalDurationMs: number };

/** Graded answers per level; an answer rated `correctFrom` stars or more counts as correct. */
export async function getLevelAttemptStats(db: Db, correctFrom: number): Promise<LevelAttemptStats[]> {
  const rows = await db
    .selectFrom('attempts')
    .select([
      'level',
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where rating >= ${correctFrom})`.as('correct'),
      sql<string>`coalesce(avg(rating), 0)`.as('avg'),
      sql<string>`coalesce(sum(duration_ms), 0)`.as('duration'),
    ])
    .groupBy('level')
    .orderBy('level')
    .execute();
  return rows.map((r) => ({
    level: r.level,
    totalAttempts: Number(r.total),
    correctAttempts: Number(r.correct),
    averageRating: Number(r.avg),
    totalDurationMs: Number(r.duration),
  }));
}

export type MonthlyActivity = { month: string; attempts: number; activeUsers: number; newUsers: number; revenue: number };

/**
 * Per JST month since `since`: graded answers, learners who answered, sign-ups and revenue. A payment's
 * revenue is net of its refunds and lost dispute and stays in the month it was paid (decision 096).
 */
export async function getMonthlyActivity(db: Db, since: Date): Promise<MonthlyActivity[]> {
  const [attempts, users, payments] = await Promise.all([
    db
      .selectFrom('attempts')
      .where('created_at', '>=', since)
      .select([jstMonth('attempts.created_at').as('month'), sql<string>`count(*)`.as('n'), sql<string>`count(distinct user_id)`.as('u')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('users')
      .where('created_at', '>=', since)
      .where('role', '=', 'learner')
      .select([jstMonth('users.created_at').as('month'), sql<string>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('payments')
      .where('created_at', '>=', since)
      .where('status', 'in', PAID_PAYMENT_STATUSES)
      .select([jstMonth('payments.created_at').as('month'), sql<string>`coalesce(sum(${NET_PAYMENT_AMOUNT}), 0)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
  ]);
  const months = new Map<string, MonthlyActivity>();
  const at = (month: string) => {
    let entry = months.get(month);
    if (!entry) {
      entry = { month, attempts: 0, activeUsers: 0, newUsers: 0, revenue: 0 };
      months.set(month, entry);
    }
    return entry;
  };
  for (const r of attempts) Object.assign(at(r.month), { attempts: Number(r.n), activeUsers: Number(r.u) });
  for (const r of users) at(r.month).newUsers = Number(r.n);
  for (const r of payments) at(r.month).revenue = Number(r.n);
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
