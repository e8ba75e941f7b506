import { ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_DELETE_RECENT_SIGN_IN_MS, ACCOUNT_TEXT } from '@shunkan/config/account';
import { ADMIN_TEXT } from '@shunkan/config/admin';
import { inTransaction, type Db } from '@shunkan/db';
import {
  deleteRecreatedUser,
  deleteUserData,
  findDeletedAccountByUserId,
  lockSubscriptionIfAny,
  lockUserForDeletion,
  markFirebaseAccountDeleted,
} from '@shunkan/db/account-deletion';
import type { UserRow } from '@shunkan/db/schema';
import { findUserById } from '@shunkan/db/users';
import type { Auth } from 'firebase-admin/auth';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { assertBillingLease, withBillingLock } from './billing-lock.js';
import type { BillingProvider } from '../services/billing/types.js';
import type { Services } from '../services/types.js';
import type { Logger, SessionCache, SessionUser } from '../session.js';

export const ZAccountDeletionResult = z.object({ deleted: z.literal(true), message: z.string() });
export type TAccountDeletionResult = z.infer<typeof ZAccountDeletionResult>;

type Deps = {
  db: Db;
  billing: BillingProvider;
  /** The Firebase Admin SDK (null only when auth is not configured). */
  auth: Auth | null;
  /** This instance's session cache; other instances hear the deletion on the role channel (migration 0059). */
  sessions?: Pick<SessionCache, 'forget'> | null;
  log: Logger;
  now: Date;
};

/** What a deletion needs of the server's services, for both doors (the learner's and the admin's). */
export function deletionDeps(input: { db: Db; services: Services; now: Date }): Deps {
  const { services } = input;
  return { db: input.db, billing: services.billing, auth: services.auth?.auth ?? null, sessions: services.sessions, log: services.log, now: input.now };
}

function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, firebaseUid: row.firebase_uid, email: row.email, emailVerified: row.email_verified, isAdmin: row.role === 'admin' };
}

/**
 * The Firebase part, last: the account can no longer sign in. Repeating it is harmless (an account
 * Firebase no longer knows counts as deleted). A failure leaves deleted_accounts pending, and the same
 * call again (the learner's still-valid token, or the admin's retry) finishes it.
 */
async function deleteFirebaseAccount(deps: Deps, firebaseUid: string): Promise<void> {
  if (deps.auth) {
    try {
      await deps.auth.deleteUser(firebaseUid);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') {
        deps.log.error({ err: error, firebaseUid }, 'firebase account deletion failed: the data is deleted, a retry finishes the account');
        throw new AppError('SERVICE_UNAVAILABLE', ACCOUNT_TEXT.firebaseFailed, { cause: error });
      }
    }
  }
  await markFirebaseAccountDeleted(deps.db, firebaseUid, deps.now);
  // A request that was under way when the data was deleted may have written the user row again.
  await deleteRecreatedUser(deps.db, firebaseUid);
  deps.sessions?.forget(firebaseUid);
}

/**
 * Deletes one account in an order that loses nothing and can be repeated (decision 059):
 * 1. with the learner's billing writes serialised (withBillingLock, which every billing write takes), so
 *    an upgrade or checkout of the same learner runs wholly before or finds the account gone;
 * 2. the checks, and the subscription read, in a short transaction under the row locks;
 * 3. the paid subscription is cancelled at the payment provider, with no transaction open (decision 074:
 *    on PGlite a transaction holds the whole database, and a hanging Stripe stopped every learner);
 *    a failure stops here, nothing deleted;
 * 4. the checks again and the learner's data, in one transaction (payments kept, detached), the uid
 *    recorded; a subscription Stripe told us about meanwhile stops it with 503, and the retry cancels it;
 * 5. after the commit, the Firebase account is deleted.
 */
async function deleteAccount(deps: Deps, userId: string, check: (target: UserRow, adminCount: number) => void): Promise<{ firebaseUid: string } | null> {
  const { log, now } = deps;
  const firebaseUid = await withBillingLock(deps.db, userId, async () => {
    const before = await inTransaction(deps.db, async (trx) => {
      const subscription = await lockSubscriptionIfAny(trx, userId);
      const locked = await lockUserForDeletion(trx, userId);
      if (!locked) return null;
      check(locked.user, locked.adminCount);
      return { user: locked.user, subscription };
    });
    if (!before) return null;
    if (before.subscription) {
      try {
        await deps.billing.cancelForAccountDeletion({ db: deps.db, user: toSessionUser(before.user), row: before.subscription, now });
      } catch (error) {
        log.error({ err: error, userId }, 'account deletion stopped: the subscription could not be cancelled');
        throw new AppError('SERVICE_UNAVAILABLE', ACCOUNT_TEXT.cancelFailed, { cause: error });
      }
    }
    return inTransaction(deps.db, async (trx) => {
      const subscription = await lockSubscriptionIfAny(trx, userId);
      const locked = await lockUserForDeletion(trx, userId);
      if (!locked) return null;
      check(locked.user, locked.adminCount);
      // Still this deletion's lease (decision 086): if another write took it over, nothing is deleted.
      await assertBillingLease(trx, userId);
      if (
        subscription &&
        (subscription.stripe_customer_id !== (before.subscription?.stripe_customer_id ?? null) ||
          subscription.stripe_subscription_id !== (before.subscription?.stripe_subscription_id ?? null))
      ) {
        // A Stripe event stored another customer or subscription while it was being cancelled.
        log.warn({ userId }, 'account deletion stopped: the subscription changed while it was being cancelled');
        throw new AppError('SERVICE_UNAVAILABLE', ACCOUNT_TEXT.cancelFailed);
      }
      await deleteUserData(trx, { userId, firebaseUid: locked.user.firebase_uid, now });
      return locked.user.firebase_uid;
    });
  });
  if (firebaseUid === null) return null;
  deps.sessions?.forget(firebaseUid);
  log.info({ userId }, 'account data deleted');
  await deleteFirebaseAccount(deps, firebaseUid);
  log.info({ userId }, 'account deleted');
  return { firebaseUid };
}

function checkConfirmation(confirmation: string): void {
  if (confirmation.trim() !== ACCOUNT_DELETE_CONFIRMATION) throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.confirmationMismatch);
}

/**
 * A learner deletes their own account (my page). `caller` is the signed-in learner, or, for a repeat
 * after the Firebase part failed, the uid of a valid token whose data is already deleted.
 * `authTime` is the token's sign-in time: it must be within 5 minutes (Firebase's rule for sensitive
 * operations; the web re-authenticates with the password first). It is compared with the real clock:
 * Firebase wrote it, and the test clock (CLOCK_OFFSET_DAYS) would make every sign-in look old.
 */
export async function deleteOwnAccount(
  deps: Deps & { caller: { user: SessionUser } | { deletedFirebaseUid: string }; authTime: Date | null; confirmation: string },
): Promise<TAccountDeletionResult> {
  checkConfirmation(deps.confirmation);
  if ('deletedFirebaseUid' in deps.caller) {
    await deleteFirebaseAccount(deps, deps.caller.deletedFirebaseUid);
    return { deleted: true, message: ACCOUNT_TEXT.deleted };
  }
  const { user } = deps.caller;
  if (user.isAdmin) throw new AppError('FORBIDDEN', ACCOUNT_TEXT.adminSelfDelete);
  if (!deps.authTime || Date.now() - deps.authTime.getTime() > ACCOUNT_DELETE_RECENT_SIGN_IN_MS) {
    throw new AppError('FORBIDDEN', ACCOUNT_TEXT.recentSignInRequired);
  }
  const done = await deleteAccount(deps, user.id, (target) => {
    // Promoted between the session read and the lock: the same rule as above.
    if (target.role === 'admin') throw new AppError('FORBIDDEN', ACCOUNT_TEXT.adminSelfDelete);
  });
  // Gone already: a concurrent deletion of the same account did the work (and the Firebase part).
  if (!done) await deleteFirebaseAccount(deps, user.firebaseUid);
  return { deleted: true, message: ACCOUNT_TEXT.deleted };
}

/**
 * An admin deletes a user's account from the users screen: never their own (my page is not for
 * admins either; another admin does it), never the last admin. Role checked by adminProcedure.
 * A repeat after the Firebase part failed finds the user by the deleted row's id and finishes it.
 */
export async function deleteUserAsAdmin(deps: Deps & { userId: string; by: SessionUser }): Promise<TAccountDeletionResult> {
  const { userId, by } = deps;
  if (userId === by.id) throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.adminOwnAccount);
  if (!(await findUserById(deps.db, userId))) {
    const pending = await findDeletedAccountByUserId(deps.db, userId);
    if (!pending) throw new AppError('NOT_FOUND', ADMIN_TEXT.userNotFound);
    if (!pending.firebase_deleted_at) await deleteFirebaseAccount(deps, pending.firebase_uid);
    return { deleted: true, message: ACCOUNT_TEXT.adminDeleted };
  }
  const done = await deleteAccount(deps, userId, (target, adminCount) => {
    if (target.role === 'admin' && adminCount <= 1) throw new AppError('CONFLICT', ACCOUNT_TEXT.lastAdmin);
  });
  if (!done) throw new AppError('NOT_FOUND', ADMIN_TEXT.userNotFound);
  deps.log.info({ by: by.id, userId }, 'admin deleted an account');
  return { deleted: true, message: ACCOUNT_TEXT.adminDeleted };
}
