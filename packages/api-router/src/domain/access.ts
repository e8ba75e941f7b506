import { DEFAULT_DAILY_LIMITS } from '@shunkan/config/plans';
import type { Db } from '@shunkan/db';
import { findSubscription } from '@shunkan/db/subscriptions';
import type { SessionUser } from '../context.js';
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
  const row = await findSubscription(options.db, options.user.id);
  const status = effectiveStatus(row, options.now);
  if (!hasAccessStatus(status)) return { hasAccess: false, isPremium: false, kind: 'none', dailyLimit: 0 };
  if (status === 'trialing') return { hasAccess: true, isPremium: true, kind: 'trial', dailyLimit: limits.trial };
  const type = row?.type === 'premium' ? 'premium' : 'standard';
  const plan = row?.plan_id
    ? await options.db.selectFrom('plans').select('daily_limit').where('id', '=', row.plan_id).executeTakeFirst()
    : undefined;
  const dailyLimit = plan ? plan.daily_limit : limits[type];
  return { hasAccess: true, isPremium: type === 'premium', kind: type, dailyLimit };
}
