import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './schema.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, migrateToLatest, type DbHandle } from './index.js';
import { findSubscription, findSubscriptionWithLimit } from './queries/subscriptions.js';
import { attachReadCache, CACHED_TABLES, cachedRead, ReadCache, watchCommits, WriteWatch } from './read-cache.js';
import { createScratchDatabase } from './testing.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * On a PostgreSQL server: resolves once `handle` has heard the notices of every write committed before
 * now. The server delivers notices in commit order, so a marker sent now arrives after them. (A 300 ms
 * pause stood for this; a notice that came later made a read of the test count twice.)
 */
async function noticesCaughtUp(handle: DbHandle): Promise<void> {
  if (!handle.notices) return;
  const marker = randomUUID();
  let arrived!: () => void;
  const heard = new Promise<void>((resolve) => (arrived = resolve));
  const listener = handle.notices.subscribe('shunkan_test_marker', {
    onNotice: (payload) => {
      if (payload === marker) arrived();
    },
    onLive: () => {},
    onLost: () => {},
  });
  await listener.ready;
  await sql`select pg_notify('shunkan_test_marker', ${marker})`.execute(handle.db);
  await heard;
  await listener.stop();
}

// The read cache must never answer with a row some write has changed: on PGlite (decision 022) and,
// through the same handle, on a PostgreSQL server (decision 032).
describe.each([
  { kind: 'the embedded database', server: false },
  // Only with a server to run on (TEST_DATABASE_URL).
  ...(serverUrl ? [{ kind: 'a PostgreSQL server, through one handle', server: true }] : []),
])('read cache of $kind', ({ server }) => {
  let handle: DbHandle;
  let userId: string;
  let reads = 0;
  let dropDatabase: (() => Promise<void>) | undefined;
  const counted = <T>(read: () => Promise<T>) => () => {
    reads++;
    return read();
  };

  beforeAll(async () => {
    if (server) {
      const scratch = await createScratchDatabase(serverUrl ?? '', 'shunkan_cache');
      dropDatabase = scratch.drop;
      handle = await createDatabase({ databaseUrl: scratch.url });
      await handle.cacheListener?.ready;
      expect(handle.cacheListener?.listening()).toBe(true);
    } else {
      handle = await createDatabase({});
    }
    await migrateToLatest(handle.db);
    const user = await handle.db
      .insertInto('users')
      .values({ firebase_uid: 'cache-test', email: 'cache@example.com', email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    await handle.db.insertInto('subscriptions').values({ user_id: userId, status: 'trialing' }).execute();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
  });

  const status = async () => (await findSubscription(handle.db, userId))?.status;

  it('reads once while nothing is written, and shares a frozen row', async () => {
    const read = counted(() => handle.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst());
    // On a server, the notices of the set-up's own writes arrive after them (each one a harmless miss).
    await noticesCaughtUp(handle);
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
    // One call site's text is scanned once (decision 036): the same template writes again and is seen
    // again; a read from one call site, with a nested write fragment or none, keeps what it found.
    const setStatus = (value: string) => sql`update subscriptions set status = ${value} where user_id = ${userId}`.execute(handle.db);
    for (const value of ['trialing', 'canceled', 'expired']) {
      await setStatus(value);
      expect(await status()).toBe(value);
    }
    const watch = new WriteWatch(CACHED_TABLES);
    const readOf = () => sql`select 1 from subscriptions where user_id = ${userId}`;
    const writeIn = (inner: ReturnType<typeof readOf>) => sql`with w as (delete from plans where false returning 1) ${inner}`;
    for (let i = 0; i < 2; i++) {
      const before = watch.generation(['subscriptions', 'plans']);
      watch.transformQuery({ node: readOf().toOperationNode() as never, queryId: { queryId: `r${i}` } });
      expect(watch.generation(['subscriptions', 'plans'])).toBe(before);
      watch.transformQuery({ node: writeIn(readOf()).toOperationNode() as never, queryId: { queryId: `w${i}` } });
      expect(watch.generation(['plans'])).toBe(i + 1);
    }
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

/**
 * Several instances on one PostgreSQL server (decision 032): each keeps its own cache, kept true by the
 * server's notices of every write (migration 0017), and bypasses it while it cannot hear them.
 */
describe.skipIf(!serverUrl)('read cache of several instances on one PostgreSQL server', () => {
  let a: DbHandle;
  let b: DbHandle;
  let other: pg.Client;
  let url: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let userId: string;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '', 'shunkan_cache2');
    dropDatabase = scratch.drop;
    url = scratch.url;
    a = await createDatabase({ databaseUrl: url, applicationName: 'cache-a' });
    await migrateToLatest(a.db);
    b = await createDatabase({ databaseUrl: url, applicationName: 'cache-b' });
    await Promise.all([a.cacheListener?.ready, b.cacheListener?.ready]);
    other = new pg.Client({ connectionString: url });
    await other.connect();
    const user = await a.db.insertInto('users').values({ firebase_uid: 'cache-instances', email: null, email_verified: true }).returning('id').executeTakeFirstOrThrow();
    userId = user.id;
    await a.db.insertInto('subscriptions').values({ user_id: userId, status: 'none' }).execute();
  }, 60_000);
  afterAll(async () => {
    await other?.end();
    await a?.close();
    await b?.close();
    await dropDatabase?.();
  });

  const statusOn = async (handle: DbHandle) => (await findSubscription(handle.db, userId))?.status;
  it('keeps a row in memory on each instance while nothing is written', async () => {
    let reads = 0;
    const read = () => {
      reads++;
      return b.db.selectFrom('subscriptions').select('status').where('user_id', '=', userId).executeTakeFirst();
    };
    // The notices of the set-up's writes arrive after them (each one a harmless miss).
    await noticesCaughtUp(b);
    for (let i = 0; i < 5; i++) await cachedRead(b.db, 'instances-row', ['subscriptions'], read);
    expect(reads).toBe(1);
    await other.query("update subscriptions set updated_at = now() where user_id = $1", [userId]);
    await vi.waitFor(async () => {
      await cachedRead(b.db, 'instances-row', ['subscriptions'], read);
      expect(reads).toBe(2);
    }, { timeout: 2_000, interval: 5 });
  });

  it('sees a change made through another instance, by hand, or in another instance\'s transaction', async () => {
    expect(await statusOn(a)).toBe('none');
    expect(await statusOn(b)).toBe('none');
    await a.db.updateTable('subscriptions').set({ status: 'trialing' }).where('user_id', '=', userId).execute();
    // The writing instance at once; the other when the server's notice arrives (well under a second).
    expect(await statusOn(a)).toBe('trialing');
    await vi.waitFor(async () => expect(await statusOn(b)).toBe('trialing'), { timeout: 2_000, interval: 5 });

    await other.query("update subscriptions set status = 'active' where user_id = $1", [userId]);
    await vi.waitFor(async () => expect(await statusOn(a)).toBe('active'), { timeout: 2_000, interval: 5 });
    await vi.waitFor(async () => expect(await statusOn(b)).toBe('active'), { timeout: 2_000, interval: 5 });

    await b.db.transaction().execute(async (trx) => {
      await trx.updateTable('subscriptions').set({ status: 'past_due' }).where('user_id', '=', userId).execute();
      // Read on another connection while the transaction is open: the committed row, cached.
      expect(await statusOn(b)).toBe('active');
    });
    // The commit makes that cached row stale on the writing instance at once.
    expect(await statusOn(b)).toBe('past_due');
    await vi.waitFor(async () => expect(await statusOn(a)).toBe('past_due'), { timeout: 2_000, interval: 5 });

    // Plans too (the access check joins them), and a change rolled back is no change.
    await other.query('begin');
    await other.query("update subscriptions set status = 'canceled' where user_id = $1", [userId]);
    await other.query('rollback');
    expect(await statusOn(b)).toBe('past_due');
  });

  it('counts a transaction\'s writes again at its commit, without waiting for the notice', async () => {
    // No listener here: only this process's own writes and commits bump the generations.
    const watch = new WriteWatch(CACHED_TABLES);
    const dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3 }) });
    const createDriver = dialect.createDriver.bind(dialect);
    dialect.createDriver = () => watchCommits(createDriver(), watch);
    const db = new Kysely<Database>({ dialect, plugins: [watch] });
    attachReadCache(db, new ReadCache(watch));
    try {
      await db.updateTable('subscriptions').set({ status: 'active' }).where('user_id', '=', userId).execute();
      const status = async () => (await findSubscription(db, userId))?.status;
      expect(await status()).toBe('active');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('subscriptions').set({ status: 'past_due' }).where('user_id', '=', userId).execute();
        expect(await status()).toBe('active');
      });
      expect(await status()).toBe('past_due');
    } finally {
      await db.destroy();
    }
  });

  it('bypasses the cache while its listening connection is lost, and trusts it again once back', async () => {
    await b.db.updateTable('subscriptions').set({ status: 'trialing' }).where('user_id', '=', userId).execute();
    expect(await statusOn(b)).toBe('trialing');
    await other.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'cache-b-listener' and datname = current_database()");
    await vi.waitFor(() => expect(b.cacheListener?.listening()).toBe(false), { timeout: 5_000, interval: 5 });
    expect(await statusOn(b)).toBe('trialing');
    // Nobody on b hears this change: b must read it from the database.
    await other.query("update subscriptions set status = 'expired' where user_id = $1", [userId]);
    expect(await statusOn(b)).toBe('expired');
    await vi.waitFor(() => expect(b.cacheListener?.listening()).toBe(true), { timeout: 10_000, interval: 20 });
    expect(await statusOn(b)).toBe('expired');
    await other.query("update subscriptions set status = 'active' where user_id = $1", [userId]);
    await vi.waitFor(async () => expect(await statusOn(b)).toBe('active'), { timeout: 2_000, interval: 5 });
  }, 30_000);
});
