import { sql } from 'kysely';
import type { Db } from '../index.js';
import type { UserRow } from '../schema.js';
import { refreshOnSignIn } from './users.js';

/**
 * Account deletion (docs/decisions/059): what is removed, what is kept and the record that a Firebase
 * uid was deleted. Every table that holds a learner's rows is deleted here by name, not left to the
 * foreign keys' ON DELETE CASCADE alone: the read cache (read-cache.ts) sees only the statements it is
 * sent, so a cascaded delete of `subscriptions` would leave a cached subscription behind on PGlite.
 */

export type DeletedAccountRow = { firebase_uid: string; user_id: string; deleted_at: Date; firebase_deleted_at: Date | null };

/** A billing write found its learner's rows gone (deleted meanwhile): the caller no longer has an account. */
export class AccountGoneError extends Error {
  readonly code = 'ACCOUNT_GONE';
  constructor() {
    super('the user record is gone');
  }
}

/**
 * A database error saying that a row referenced a user that no longer exists (PostgreSQL's
 * foreign_key_violation on a `*_user_id_fkey` constraint): a request of a just-deleted account.
 */
export function isAccountGone(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  if (e?.code === 'ACCOUNT_GONE') return true;
  return e?.code === '23503' && typeof e.constraint === 'string' && /_user_id_fkey$/.test(e.constraint);
}

/** The learner's subscription row locked until `trx` ends, if there is one (never created here). */
export async function lockSubscriptionIfAny(trx: Db, userId: string) {
  if (!trx.isTransaction) throw new Error('lockSubscriptionIfAny needs a transaction');
  return trx.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function findDeletedAccountByUserId(db: Db, userId: string): Promise<DeletedAccountRow | undefined> {
  return db.selectFrom('deleted_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findDeletedAccount(db: Db, firebaseUid: string): Promise<DeletedAccountRow | undefined> {
  return db.selectFrom('deleted_accounts').selectAll().where('firebase_uid', '=', firebaseUid).executeTakeFirst();
}

/**
 * The user row locked until `trx` ends, with every admin row locked too when it is an admin's (the
 * last-admin check, as setRoleKeepingAnAdmin does it). Admin rows are locked all at once in id order,
 * the target among them: two admins deleting each other at the same time wait for one another instead
 * of deadlocking, and the second then finds one admin left. Undefined when the user is gone.
 */
export async function lockUserForDeletion(trx: Db, userId: string): Promise<{ user: UserRow; adminCount: number } | undefined> {
  if (!trx.isTransaction) throw new Error('lockUserForDeletion needs a transaction');
  const seen = await trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  if (!seen) return undefined;
  if (seen.role === 'admin') {
    const admins = await trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
    return user ? { user, adminCount: admins.length } : undefined;
  }
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) return undefined;
  if (user.role !== 'admin') return { user, adminCount: 0 };
  // Promoted between the two reads: count the admins now (rare; the order above no longer holds).
  const admins = await trx.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
  return { user, adminCount: admins.length };
}

/**
 * Deletes everything of one learner and records the uid as deleted, in the caller's transaction.
 * Kept: payments (sales records a company must keep for 7 years under Japanese tax law), detached from
 * the person (user_id null, a sandbox client secret cleared, an open one cancelled); sentences accepted
 * on the learner's appeals, which became the problem's accepted answers (their appeal link goes null).
 * Decisions an admin made (appeals.decided_by) lose the admin's id through the foreign key.
 */
export async function deleteUserData(trx: Db, input: { userId: string; firebaseUid: string; now: Date }): Promise<void> {
  if (!trx.isTransaction) throw new Error('deleteUserData needs a transaction');
  const { userId, now } = input;
  await trx
    .updateTable('payments')
    .set({ status: 'canceled', updated_at: now })
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
  await trx.updateTable('payments').set({ user_id: null, client_secret: null, updated_at: now }).where('user_id', '=', userId).execute();
  await trx.updateTable('appeals').set({ decided_by: null }).where('decided_by', '=', userId).execute();
  // Appeals reference attempts; review cards and bookmarks live on attempts and review_cards.
  await trx.deleteFrom('appeals').where('user_id', '=', userId).execute();
  await trx.deleteFrom('review_cards').where('user_id', '=', userId).execute();
  await trx.deleteFrom('attempts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('problem_serves').where('user_id', '=', userId).execute();
  await trx.deleteFrom('problem_decks').where('user_id', '=', userId).execute();
  await trx.deleteFrom('daily_usage').where('user_id', '=', userId).execute();
  await trx.deleteFrom('learning_days').where('user_id', '=', userId).execute();
  await trx.deleteFrom('learner_settings').where('user_id', '=', userId).execute();
  // scenario_problems go with their scenario (ON DELETE CASCADE; no cached read depends on them).
  await trx.deleteFrom('custom_scenarios').where('user_id', '=', userId).execute();
  await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  await trx
    .insertInto('deleted_accounts')
    .values({ firebase_uid: input.firebaseUid, user_id: userId, deleted_at: now, firebase_deleted_at: null })
    .onConflict((oc) => oc.column('firebase_uid').doUpdateSet({ user_id: userId, deleted_at: now, firebase_deleted_at: null }))
    .execute();
}

/** The Firebase account is gone too: the deletion is complete. */
export async function markFirebaseAccountDeleted(db: Db, firebaseUid: string, now: Date): Promise<void> {
  await db.updateTable('deleted_accounts').set({ firebase_deleted_at: now }).where('firebase_uid', '=', firebaseUid).execute();
}

/**
 * A user row of a deleted uid written by a request that was already under way when the deletion
 * committed (its statement read the state before the deletion): removed again once Firebase no longer
 * knows the account, so that nothing of the person stays behind.
 */
export async function deleteRecreatedUser(db: Db, firebaseUid: string): Promise<number> {
  const rows = await db
    .deleteFrom('users')
    .where('firebase_uid', '=', firebaseUid)
    .where((eb) => eb.exists(eb.selectFrom('deleted_accounts').select('firebase_uid').where('firebase_uid', '=', firebaseUid)))
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * upsertUser (users.ts) for a request's caller: the same record, except that the record of a deleted
 * account is never created again (undefined then). One statement: the insert happens only where no
 * deleted_accounts row names the uid.
 */
export async function upsertLiveUser(
  db: Db,
  input: { firebaseUid: string; email: string | null; emailVerified: boolean; promoteToAdmin: boolean; now: Date },
): Promise<UserRow | undefined> {
  const email = input.email?.toLowerCase() ?? null;
  const role = input.promoteToAdmin ? 'admin' : 'learner';
  return db
    .insertInto('users')
    .columns(['firebase_uid', 'email', 'email_verified', 'role', 'created_at', 'last_seen_at'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${input.firebaseUid}::text`.as('firebase_uid'),
          sql<string | null>`${email}::text`.as('email'),
          sql<boolean>`${input.emailVerified}::boolean`.as('email_verified'),
          sql<'learner' | 'admin'>`${role}::text`.as('role'),
          sql<Date>`${input.now}::timestamptz`.as('created_at'),
          sql<Date>`${input.now}::timestamptz`.as('last_seen_at'),
        ])
        .where((eb) => eb.not(eb.exists(db.selectFrom('deleted_accounts').select('firebase_uid').where('firebase_uid', '=', input.firebaseUid)))),
    )
    .onConflict(refreshOnSignIn(input))
    .returningAll()
    .executeTakeFirst();
}
