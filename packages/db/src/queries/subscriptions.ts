import type { Db } from '../index.js';
import { AccountGoneError } from './account-deletion.js';
import { cachedRead } from '../read-cache.js';
import type { SubscriptionRow, SubscriptionUpdate } from '../schema.js';

/** Read on every authenticated request: cached on PGlite while the table is unwritten (read-cache.ts). */
export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  return cachedRead(db, `subscription:${userId}`, ['subscriptions'], () =>
    db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  );
}

/** Ensures a row exists (status none) and returns it. */
export async function ensureSubscription(db: Db, userId: string): Promise<SubscriptionRow> {
  await db
    .insertInto('subscriptions')
    .values({ user_id: userId, status: 'none' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export async function updateSubscription(db: Db, userId: string, patch: SubscriptionUpdate): Promise<void> {
  await ensureSubscription(db, userId);
  await db
    .updateTable('subscriptions')
    .set({ ...patch, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

export async function findSubscriptionByStripeCustomer(db: Db, customerId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
}

export async function findSubscriptionByStripeSubscription(db: Db, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('stripe_subscription_id', '=', subscriptionId).executeTakeFirst();
}

/**
 * The learner's subscription row, created if missing and locked until `trx` ends (SELECT ... FOR UPDATE):
 * billing writes that read the state and then charge or change it (upgrade, trial start, payment intent,
 * cancellation) run one at a time per learner, so a double click or ten parallel requests charge once.
 */
export async function lockSubscription(trx: Db, userId: string): Promise<SubscriptionRow> {
  if (!trx.isTransaction) throw new Error('lockSubscription needs a transaction');
  await trx
    .insertInto('subscriptions')
    .values({ user_id: userId, status: 'none' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // No row after the insert: the account was deleted while this waited for the lock (decision 059).
  return trx.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow(() => new AccountGoneError());
}

/** The subscription with its catalogue plan's daily limit, in one round trip (the access check of every practice call). */
export async function findSubscriptionWithLimit(db: Db, userId: string): Promise<(SubscriptionRow & { plan_found: string | null; plan_daily_limit: number | null }) | undefined> {
  // The access check of every practice request: cached on PGlite like findSubscription.
  return cachedRead(db, `subscription-with-limit:${userId}`, ['subscriptions', 'plans'], () =>
    db
      .selectFrom('subscriptions as s')
      .leftJoin('plans as p', 'p.id', 's.plan_id')
      .selectAll('s')
      .select(['p.id as plan_found', 'p.daily_limit as plan_daily_limit'])
      .where('s.user_id', '=', userId)
      .executeTakeFirst(),
  );
}

/** Stores the learner's Stripe customer id unless one is already stored (a concurrent first call won). */
export async function setStripeCustomerIfAbsent(db: Db, userId: string, customerId: string, now: Date): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ stripe_customer_id: customerId, updated_at: now })
    .where('user_id', '=', userId)
    .where('stripe_customer_id', 'is', null)
    .execute();
}

/**
 * Moves an active subscription's period end from `from` to `to` (sandbox renewals), only if the row still
 * has `from`: true when this call moved it, false when a concurrent sync already did.
 */
export async function moveActivePeriodEnd(db: Db, options: { userId: string; from: Date; to: Date; now: Date }): Promise<boolean> {
  const moved = await db
    .updateTable('subscriptions')
    .set({ current_period_end: options.to, updated_at: options.now })
    .where('user_id', '=', options.userId)
    .where('status', '=', 'active')
    .where('current_period_end', '=', options.from)
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(moved);
}

/** Sets the final status of a subscription whose status is still `from` (an ended trial, a cancellation reached). */
export async function setSubscriptionStatusIf(db: Db, options: { userId: string; from: string; to: string; now: Date }): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: options.to, updated_at: options.now })
    .where('user_id', '=', options.userId)
    .where('status', '=', options.from)
    .execute();
}
