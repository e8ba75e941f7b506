import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type DbHandle } from './index.js';
import { findSubscription, findSubscriptionWithLimit } from './queries/subscriptions.js';
import { cachedRead } from './read-cache.js';

// The PGlite read cache must never answer with a row some write has changed (decision 022).
describe('read cache of the embedded database', () => {
  let handle: DbHandle;
  let userId: string;
  let reads = 0;
  const counted = <T>(read: () => Promise<T>) => () => {
    reads++;
    return read();
  };

  beforeAll(async () => {
    handle = await createDatabase({});
    await migrateToLatest(handle.db);
    const user = await handle.db
      .insertInto('users')
      .values({ firebase_uid: 'cache-test', email: 'cache@example.com', email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    await handle.db.insertInto('subscriptions').values({ user_id: userId, status: 'trialing' }).execute();
  }, 60_000);
  afterAll(() => handle?.close());

  const status = async () => (await findSubscription(handle.db, userId))?.status;

  it('reads once while nothing is written, and shares a frozen row', async () => {
    const read = counted(() => handle.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst());
    const before = reads;
    const first = await cachedRead(handle.db, 'test-row', ['subscriptions'], read);
    const second = await cachedRead(handle.db, 'test-row', ['subscriptions'], read);
    expect(reads - before).toBe(1);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Writes to a table the value does not come from leave it cached.
    await handle.db.updateTable('users').set({ email: 'other@example.com' }).where('id', '=', userId).execute();
    await cachedRead(handle.db, 'test-row', ['subscriptions'], read);
    expect(reads - before).toBe(1);
  });

  it('sees a query-builder update at once', async () => {
    expect(await status()).toBe('trialing');
    await handle.db.updateTable('subscriptions').set({ status: 'active' }).where('user_id', '=', userId).execute();
    expect(await status()).toBe('active');
  });

  it('sees a raw SQL write and a write in a data-modifying CTE', async () => {
    await sql`update subscriptions set status = 'canceled' where user_id = ${userId}`.execute(handle.db);
    expect(await status()).toBe('canceled');
    await handle.db
      .with('changed', (qb) => qb.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', userId).returning('user_id'))
      .selectFrom('changed')
      .selectAll()
      .execute();
    expect(await status()).toBe('expired');
  });

  it('sees a committed transaction, and a transaction reads its own writes uncached', async () => {
    expect(await status()).toBe('expired');
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('subscriptions').set({ status: 'trialing' }).where('user_id', '=', userId).execute();
      expect((await findSubscription(trx, userId))?.status).toBe('trialing');
    });
    expect(await status()).toBe('trialing');
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('subscriptions').set({ status: 'active' }).where('user_id', '=', userId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await status()).toBe('trialing');
  });

  it('sees a plan change in the access check', async () => {
    await handle.db
      .insertInto('plans')
      .values({
        id: 'cache-plan',
        admin_key: 'cache-plan',
        name: 'キャッシュ',
        type: 'standard',
        interval: 'month',
        price_yen: 980,
        recommended_price_yen: 980,
        features: JSON.stringify([]),
        is_popular: false,
        daily_limit: 30,
        sort_order: 99,
      })
      .execute();
    await handle.db.updateTable('subscriptions').set({ plan_id: 'cache-plan', status: 'active' }).where('user_id', '=', userId).execute();
    expect((await findSubscriptionWithLimit(handle.db, userId))?.plan_daily_limit).toBe(30);
    await handle.db.updateTable('plans').set({ daily_limit: 50 }).where('id', '=', 'cache-plan').execute();
    expect((await findSubscriptionWithLimit(handle.db, userId))?.plan_daily_limit).toBe(50);
  });
});
