import { DEFAULT_DAILY_LIMITS } from '@shunkan/config/plans';
import type { Db } from '@shunkan/db';
import { findSubscriptionWithLimit } from '@shunkan/db/subscriptions';
import type { SessionUser } from '../session.js';
import { effectiveStatus, hasAccessStatus } from './subscription.js';

export type Access = {
  hasAccess: boolean;
  isPremium: boolean;
  kind: 'admin' | 'trial' | 'standard' | 'premium' | 'none';
  /** Problems per JST day; null = unlimited. */
  dailyLimit: number | null;
};

/**
 * The server-side access rule (spec section 4): active or trialing subscriptions, admins always.
 * The daily limit comes from the plan catalogue row when it has one, else the configured default.
 */
export type DailyLimits = { standard: number; premium: number; trial: number };

export async function getAccess(options: { db: Db; user: SessionUser; now: Date; limits?: DailyLimits }): Promise<Access> {
  const limits = options.limits ?? DEFAULT_DAILY_LIMITS;
  if (options.user.isAdmin) return { hasAccess: true, isPremium: true, kind: 'admin', dailyLimit: null };
  const row = await findSubscriptionWithLimit(options.db, options.user.id);
  const status = effectiveStatus(row, options.now);
  if (!hasAccessStatus(status)) return { hasAccess: false, isPremium: false, kind: 'none', dailyLimit: 0 };
  if (status === 'trialing') return { hasAccess: true, isPremium: true, kind: 'trial', dailyLimit: limits.trial };
  const type = row?.type === 'premium' ? 'premium' : 'standard';
  // A catalogue plan's own limit wins (null there means unlimited); rows without a plan use the configuration.
  const dailyLimit = row?.plan_found ? row.plan_daily_limit : limits[type];
  return { hasAccess: true, isPremium: type === 'premium', kind: type, dailyLimit };
}
