import { ADMIN_TEXT } from '@shunkan/config/admin';
import type { SubscriptionType } from '@shunkan/config/plans';
import { TEXT } from '@shunkan/config/texts';
import { jstDay } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { listAdminUsers, setRoleKeepingAnAdmin } from '@shunkan/db/admin-users';
import { updateSubscription } from '@shunkan/db/subscriptions';
import { findUserById } from '@shunkan/db/users';
import type { Auth } from 'firebase-admin/auth';
import { z } from 'zod';
import type { Logger, SessionCache, SessionUser } from '../../session.js';
import { withLockedSubscription } from '../billing.js';
import { effectiveStatus, resolveSubscription, trialEnd } from '../subscription.js';
import { AppError } from '../../errors.js';

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  subscriptionType: z.enum(['standard', 'premium']).nullable(),
  subscriptionStatus: z.string(),
  planId: z.string().nullable(),
  /** 'sandbox', 'stripe' or 'admin' (granted from this dashboard). */
  provider: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  problemsThisMonth: z.number().int(),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** The start of the JST calendar month containing `now`. */
export function jstMonthStartOf(now: Date): Date {
  return new Date(Date.parse(`${jstDay(now).slice(0, 7)}-01T00:00:00.000Z`) - 9 * 3_600_000);
}

export async function listUsersForAdmin(options: { db: Db; now: Date; search?: string; page: number; pageSize: number }) {
  const { total, rows } = await listAdminUsers(options.db, {
    search: options.search,
    page: options.page,
    pageSize: options.pageSize,
    monthStart: jstMonthStartOf(options.now),
  });
  const users: TAdminUser[] = rows.map((r) => {
    const status = r.status
      ? effectiveStatus(
          {
            status: r.status,
            trial_start: r.trialStart,
            current_period_end: r.currentPeriodEnd,
            cancel_at_period_end: r.cancelAtPeriodEnd ?? false,
            provider: r.provider ?? 'sandbox',
            interval: r.interval,
          },
          options.now,
        )
      : 'none';
    const lastActive = [r.lastSeenAt, r.lastAttemptAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: r.id,
      email: r.email,
      isAdmin: r.role === 'admin',
      emailVerified: r.emailVerified,
      subscriptionType: r.type === 'premium' || r.type === 'standard' ? r.type : null,
      subscriptionStatus: status,
      planId: r.planId,
      provider: r.provider,
      trialEndsAt: r.trialStart && r.status === 'trialing' ? trialEnd(r.trialStart).toISOString() : null,
      currentPeriodEnd: r.currentPeriodEnd?.toISOString() ?? null,
      problemsThisMonth: r.problemsThisMonth,
      lastActiveAt: lastActive?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { users, total, page: options.page, pageSize: options.pageSize };
}

/**
 * The dashboard's per-user standard/premium switch. It changes what the learner may do at once:
 * - a paid plan (sandbox or Stripe) keeps its interval and billing and switches to the same-interval plan
 *   of the other type (with Stripe, billing stays as Stripe has it: a later invoice restores the paid plan);
 * - anyone else (no plan, a trial, an ended plan) gets a plan granted by the admin: active, no charge and
 *   no end date, recorded with provider 'admin' so that it never counts as revenue.
 */
export async function setUserSubscriptionType(options: { db: Db; userId: string; type: SubscriptionType; now: Date; log: Logger; by: SessionUser }) {
  const { db, userId, type, now } = options;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', ADMIN_TEXT.userNotFound);
  // Under the learner's subscription row lock, like every billing write (decision 031): a sandbox
  // confirmation, an upgrade or a trial start in flight finishes first and this switch reads what it
  // stored, so a plan the learner has just paid for keeps its billing and only changes type (decision 060).
  const isPaid = await withLockedSubscription(db, userId, now, async (trx, row) => {
    const resolved = resolveSubscription(row, now);
    const paid = row.provider !== 'admin' && resolved.status === 'active';
    if (paid) {
      const yearly = row.interval === 'year';
      const planId = type === 'premium' ? (yearly ? 'premium-yearly' : 'premium') : yearly ? 'standard-yearly' : 'standard';
      await updateSubscription(trx, userId, { type, plan_id: planId });
    } else {
      await updateSubscription(trx, userId, {
        status: 'active',
        type,
        plan_id: type,
        interval: 'month',
        amount: 0,
        provider: 'admin',
        current_period_end: null,
        cancel_at_period_end: false,
      });
    }
    return paid;
  });
  options.log.info({ by: options.by.id, userId, type, paid: isPaid }, 'admin changed subscription type');
  return { id: userId, subscriptionType: type };
}

/**
 * Grants or revokes the admin role. Never the last admin (checked under a row lock), never oneself, and
 * never an address that ADMIN_EMAILS or the Firebase `admin` claim would promote again on its next
 * request: revoking also removes that claim, so the change sticks.
 */
export async function setUserAdminRole(options: {
  db: Db;
  userId: string;
  isAdmin: boolean;
  by: SessionUser;
  adminEmails: readonly string[];
  auth: Auth | null;
  log: Logger;
  /** This instance's session cache: the changed user's cached role is dropped at once (decision 026). */
  sessions?: Pick<SessionCache, 'forget'> | null;
}) {
  const { db, userId, isAdmin } = options;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', ADMIN_TEXT.userNotFound);
  if (!isAdmin) {
    if (userId === options.by.id) throw new AppError('BAD_REQUEST', ADMIN_TEXT.ownRole);
    if (user.email && options.adminEmails.includes(user.email)) throw new AppError('BAD_REQUEST', ADMIN_TEXT.listedAdmin);
  }
  // The claim goes first: while it is there, the holder's next request would promote them again
  // (decision 098). Should the role change be refused below, the database role still makes them admin.
  if (!isAdmin && options.auth) {
    try {
      const record = await options.auth.getUser(user.firebase_uid);
      if (record.customClaims?.admin) {
        const { admin: _admin, ...rest } = record.customClaims;
        await options.auth.setCustomUserClaims(user.firebase_uid, rest);
      }
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw new AppError('SERVICE_UNAVAILABLE', TEXT.authUnavailable, { cause: error });
    }
  }
  const result = await setRoleKeepingAnAdmin(db, userId, isAdmin ? 'admin' : 'learner');
  if (result === 'not_found') throw new AppError('NOT_FOUND', ADMIN_TEXT.userNotFound);
  if (result === 'last_admin') throw new AppError('CONFLICT', ADMIN_TEXT.lastAdmin);
  // Without this, a demoted admin kept admin access here for the cache's lifetime (30 s).
  options.sessions?.forget(user.firebase_uid);
  options.log.info({ by: options.by.id, userId, isAdmin }, 'admin role changed');
  return { id: userId, isAdmin };
}
