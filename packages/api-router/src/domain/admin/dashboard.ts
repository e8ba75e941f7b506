import { ADMIN_TEXT, CORRECT_RATING } from '@shunkan/config/admin';
import { LEVELS } from '@shunkan/config/levels';
import { TRIAL_DAYS } from '@shunkan/config/plans';
import { DAY_MS } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import {
  getAdminStatsRaw,
  getLevelAttemptStats,
  getMonthlyActivity,
  getPaymentTotals,
  listRecentPayments,
  listRecurringAmounts,
  type ActiveWindow,
} from '@shunkan/db/admin-stats';
import { listContentGroups } from '@shunkan/db/content';
import { z } from 'zod';
import type { BillingProvider } from '../../services/billing/types.js';
import { STRIPE_RENEWAL_GRACE_MS } from '../subscription.js';
import {
  annualForecast,
  averageAccuracy,
  averageSessionsPerUser,
  correctRate,
  jstMonthStart,
  lastJstMonths,
  learningHours,
  learningMinutes,
  monthlyRecurringRevenue,
  pendingRevenue,
} from './metrics.js';

export function activeWindow(now: Date): ActiveWindow {
  return { now, trialMs: TRIAL_DAYS * DAY_MS, stripeGraceMs: STRIPE_RENEWAL_GRACE_MS };
}

export const ZAdminStats = z.object({
  totalUsers: z.number().int(),
  averageSessionsPerUser: z.number(),
  totalSessions: z.number().int(),
  totalRevenue: z.number().int(),
  monthlyActiveUsers: z.number().int(),
  weeklyActiveUsers: z.number().int(),
  standardSubscriptions: z.number().int(),
  premiumSubscriptions: z.number().int(),
  activeSubscriptions: z.number().int(),
  trialingSubscriptions: z.number().int(),
  monthlyRecurringRevenue: z.number().int(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

/** Spec section 3 admin stats (plus trials and MRR for the overview). */
export async function getAdminStats(options: { db: Db; now: Date }): Promise<TAdminStats> {
  const window = activeWindow(options.now);
  const raw = await getAdminStatsRaw(options.db, window);
  const mrr = monthlyRecurringRevenue(await listRecurringAmounts(options.db, window));
  return {
    totalUsers: raw.totalUsers,
    averageSessionsPerUser: averageSessionsPerUser(raw.totalSessions, raw.totalUsers),
    totalSessions: raw.totalSessions,
    totalRevenue: raw.totalRevenue,
    monthlyActiveUsers: raw.monthlyActiveUsers,
    weeklyActiveUsers: raw.weeklyActiveUsers,
    standardSubscriptions: raw.standardSubscriptions,
    premiumSubscriptions: raw.premiumSubscriptions,
    activeSubscriptions: raw.standardSubscriptions + raw.premiumSubscriptions,
    trialingSubscriptions: raw.trialingSubscriptions,
    monthlyRecurringRevenue: mrr,
  };
}

export const ZAdminAnalytics = z.object({
  totalLearningCount: z.number().int(),
  /** Minutes. */
  totalLearningTime: z.number().int(),
  totalLearningHours: z.number().int(),
  averageAccuracy: z.number().int(),
  categoryStats: z.array(
    z.object({ category: z.string(), label: z.string(), correctRate: z.number().int(), totalAttempts: z.number().int(), averageRating: z.number() }),
  ),
  monthlyStats: z.array(
    z.object({ month: z.string(), attempts: z.number().int(), activeUsers: z.number().int(), newUsers: z.number().int(), revenue: z.number().int() }),
  ),
});
export type TAdminAnalytics = z.infer<typeof ZAdminAnalytics>;

/** Spec section 3 admin analytics; categories are the four levels, months the last six JST months. */
export async function getAdminAnalytics(options: { db: Db; now: Date }): Promise<TAdminAnalytics> {
  const levels = await getLevelAttemptStats(options.db, CORRECT_RATING);
  const months = lastJstMonths(options.now, 6);
  const activity = await getMonthlyActivity(options.db, jstMonthStart(months[0] ?? ''));
  const totalCount = levels.reduce((n, l) => n + l.totalAttempts, 0);
  const minutes = learningMinutes(levels.reduce((n, l) => n + l.totalDurationMs, 0));
  const categoryStats = levels.map((l) => ({
    category: l.level,
    label: LEVELS.find((level) => level.key === l.level)?.name ?? l.level,
    correctRate: correctRate(l.correctAttempts, l.totalAttempts),
    totalAttempts: l.totalAttempts,
    averageRating: Math.round(l.averageRating * 10) / 10,
  }));
  return {
    totalLearningCount: totalCount,
    totalLearningTime: minutes,
    totalLearningHours: learningHours(minutes),
    averageAccuracy: averageAccuracy(categoryStats.map((c) => c.correctRate)),
    categoryStats,
    monthlyStats: months.map((month) => activity.find((a) => a.month === month) ?? { month, attempts: 0, activeUsers: 0, newUsers: 0, revenue: 0 }),
  };
}

export const ZAdminPayments = z.object({
  mode: z.enum(['sandbox', 'stripe']),
  totalRevenue: z.number().int(),
  monthlyRecurringRevenue: z.number().int(),
  pendingRevenue: z.number().int(),
  annualForecast: z.number().int(),
  activeSubscriptions: z.number().int(),
  totalTransactions: z.number().int(),
  stripeConnected: z.boolean(),
  error: z.string().nullable(),
  recentPayments: z.array(
    z.object({
      id: z.string(),
      description: z.string().nullable(),
      customerEmail: z.string().nullable(),
      created: z.string(),
      amount: z.number().int(),
      /** Returned to the card so far (refunds; decision 096). */
      refundedAmount: z.number().int(),
      /** What the payment counts for in the revenue. */
      netAmount: z.number().int(),
      currency: z.string(),
      status: z.string(),
    }),
  ),
});
export type TAdminPayments = z.infer<typeof ZAdminPayments>;

/** Spec section 3 admin payments: figures from our payment records, the connection from the provider. */
export async function getAdminPayments(options: { db: Db; now: Date; billing: BillingProvider }): Promise<TAdminPayments> {
  const window = activeWindow(options.now);
  const [totals, recurring, recent, stats] = await Promise.all([
    getPaymentTotals(options.db),
    listRecurringAmounts(options.db, window),
    listRecentPayments(options.db, 10),
    getAdminStatsRaw(options.db, window),
  ]);
  const mrr = monthlyRecurringRevenue(recurring);
  const connectionError = options.billing.mode === 'stripe' ? await options.billing.checkConnection() : null;
  return {
    mode: options.billing.mode,
    totalRevenue: totals.totalRevenue,
    monthlyRecurringRevenue: mrr,
    pendingRevenue: pendingRevenue(mrr),
    annualForecast: annualForecast(mrr),
    activeSubscriptions: stats.standardSubscriptions + stats.premiumSubscriptions,
    totalTransactions: totals.totalTransactions,
    stripeConnected: options.billing.mode === 'stripe' && connectionError === null,
    error: options.billing.mode === 'sandbox' ? ADMIN_TEXT.stripeNotConfigured : connectionError,
    recentPayments: recent.map((p) => ({
      id: p.id,
      description: p.description,
      customerEmail: p.customerEmail,
      created: new Date(p.created).toISOString(),
      amount: p.amount,
      refundedAmount: p.refundedAmount,
      netAmount: p.netAmount,
      currency: p.currency,
      status: p.status,
    })),
  };
}

export const ZAdminContentItem = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  difficulty: z.string(),
  questions: z.number().int(),
  activeQuestions: z.number().int(),
  attempts: z.number().int(),
});

/** Spec section 3 content items: one per level and grammar point, with its problem count. */
export async function getAdminContent(options: { db: Db }): Promise<Array<z.infer<typeof ZAdminContentItem>>> {
  const groups = await listContentGroups(options.db);
  return groups.map((g) => ({
    id: `${g.level}:${g.grammarPoint}`,
    title: g.grammarPoint,
    category: g.grammarPoint,
    difficulty: g.level,
    questions: g.total,
    activeQuestions: g.active,
    attempts: g.attempts,
  }));
}
