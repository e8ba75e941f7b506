import { sql } from 'kysely';
import type { Db } from '../index.js';

export type AdminUserRow = {
  id: string;
  email: string | null;
  role: 'learner' | 'admin';
  emailVerified: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
  lastAttemptAt: Date | null;
  problemsThisMonth: number;
  status: string | null;
  type: string | null;
  planId: string | null;
  interval: string | null;
  provider: string | null;
  trialStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
};

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of accounts, newest first, optionally filtered by a part of the e-mail address.
 * `monthStart` is the start of the current JST month (problems answered since then are counted).
 */
export async function listAdminUsers(
  db: Db,
  input: { search?: string; page: number; pageSize: number; monthStart: Date },
): Promise<{ total: number; rows: AdminUserRow[] }> {
  const search = input.search?.trim().toLowerCase();
  let base = db.selectFrom('users');
  if (search) base = base.where('users.email', 'like', likePattern(search));
  const totalRow = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.role',
      'users.email_verified as emailVerified',
      'users.created_at as createdAt',
      'users.last_seen_at as lastSeenAt',
      eb.selectFrom('attempts').whereRef('attempts.user_id', '=', 'users.id').select((a) => a.fn.max('attempts.created_at').as('m')).as('lastAttemptAt'),
      eb
        .selectFrom('attempts')
        .whereRef('attempts.user_id', '=', 'users.id')
        .where('attempts.created_at', '>=', input.monthStart)
        .select(sql<string>`count(*)`.as('n'))
        .as('problemsThisMonth'),
      'subscriptions.status',
      'subscriptions.type',
      'subscriptions.plan_id as planId',
      'subscriptions.interval',
      'subscriptions.provider',
      'subscriptions.trial_start as trialStart',
      'subscriptions.current_period_end as currentPeriodEnd',
      'subscriptions.cancel_at_period_end as cancelAtPeriodEnd',
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  return {
    total: Number(totalRow.n),
    rows: rows.map((r) => ({
      ...r,
      lastAttemptAt: r.lastAttemptAt ? new Date(r.lastAttemptAt as unknown as string) : null,
      problemsThisMonth: Number(r.problemsThisMonth ?? 0),
    })),
  };
}

/**
 * Changes an account's role, refusing to demote the last administrator. The admin rows are locked
 * (`for update`) so that two admins demoting each other at once cannot both succeed.
 */
export async function setRoleKeepingAnAdmin(db: Db, userId: string, role: 'learner' | 'admin'): Promise<'ok' | 'not_found' | 'last_admin'> {
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!target) return 'not_found';
    if (role === 'learner' && target.role === 'admin') {
      const admins = await trx.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
      if (admins.length <= 1) return 'last_admin';
    }
    await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
    return 'ok';
  });
}
