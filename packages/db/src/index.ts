import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { gatherStatements } from './group.js';
import { migrations } from './migrations/index.js';
import { recoveringPGlite } from './pglite-recovery.js';
import { preparedPGlite, PreparingClient, type DialectPGlite } from './prepared.js';
import { attachReadCache, CACHED_TABLES, ReadCache, watchCommits, WriteWatch } from './read-cache.js';
import { createNoticeHub, type NoticeHub } from './notice-listener.js';
import { listenForReadCacheChanges, type ReadCacheListener } from './read-cache-listener.js';
import { attachBillingLockNotices } from './queries/billing-locks.js';
import type { Database } from './schema.js';
import { markServerDatabase } from './server-db.js';

export type { Database } from './schema.js';
export type DbKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export type DbHandle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** On a PostgreSQL server: the subscription whose notices keep the read cache true (read-cache-listener.ts). */
  cacheListener?: ReadCacheListener;
  /**
   * On a PostgreSQL server: the instance's ONE listening connection (notice-listener.ts), opened at the
   * first subscription; the read cache and the session cache's role notices share it.
   */
  notices?: NoticeHub;
};

export type CreateDatabaseOptions = {
  /** A PostgreSQL server; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `undefined` with no databaseUrl means in-memory. */
  dataDir?: string;
  /** Pool size for a PostgreSQL server. */
  maxConnections?: number;
  /** How long a statement on a PostgreSQL server may wait for a lock (default LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** Told about errors of pooled connections, idle or busy (broken ones are replaced automatically). */
  onConnectionError?: (error: Error) => void;
  /** `application_name` of the server connections (operators and tests find the API's sessions by it). */
  applicationName?: string;
  /**
   * Keep the rows read on every request (read-cache.ts) in memory; on a PostgreSQL server this opens the
   * listening connection (`notices`), which receives the server's notices of writes (default true).
   */
  readCache?: boolean;
};

/** The one connection factory: PGlite on a directory (or in memory), or a PostgreSQL server. */
export async function createDatabase(options: CreateDatabaseOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    // int8 (bigserial ids, count(*)) arrives as text; our ids stay strings, counts are small.
    const pool = new pg.Pool({
      // Statements prepared once per connection and reused by their text (prepared.ts, decision 028).
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      // A server that is down must fail a request quickly (503), not queue it forever.
      connectionTimeoutMillis: 5_000,
      // Nor may a statement wait for ever on a lock another session holds (an operator's transaction
      // left open, another instance's migration): PostgreSQL cancels it (55P03), answered 503 like a
      // lost server (decision 088). Start-up work that may wait its turn longer says so itself.
      lock_timeout: options.lockWaitMs ?? LOCK_WAIT_MS,
      application_name: options.applicationName ?? 'shunkan',
    });
    // A connection dropped by the server (restart, failover, admin termination) must never crash the
    // process. The pool listens on idle connections only and removes its listener while a connection is
    // checked out; a busy client then emits 'error' with nobody listening, which Node turns into an
    // uncaught exception. So every client gets its own listener for its whole life: the query in flight
    // fails (the request answers 503, see isDatabaseUnavailable) and the pool discards the broken client
    // on release (it is no longer queryable), opening a fresh one for the next request.
    const report = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', report);
    pool.on('connect', (client) => {
      client.on('error', report);
    });
    // Every listener of this instance on one connection, named after the pool's (tests and operators
    // find it by `<name>-listener`).
    const notices = createNoticeHub({
      databaseUrl: options.databaseUrl,
      applicationName: `${options.applicationName ?? 'shunkan'}-listener`,
      retryMs: 1_000,
    });
    if (options.readCache === false) {
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      markServerDatabase(db);
      attachBillingLockNotices(db, notices);
      return {
        db,
        kind: 'postgres',
        notices,
        close: async () => {
          await notices.stop();
          await db.destroy();
        },
      };
    }
    // Rows read on every request are cached here too, kept true by the server's notices of every write
    // (migration 0017) and by watching this process's own writes and commits (decision 032).
    const watch = new WriteWatch(CACHED_TABLES);
    const cache = new ReadCache(watch);
    const db = new Kysely<Database>({ dialect: new CommitWatchingPostgresDialect({ pool }, watch), plugins: [watch] });
    attachReadCache(db, cache);
    markServerDatabase(db);
    // Billing writes waiting for a learner's lease are woken by its release on any instance (decision 086).
    attachBillingLockNotices(db, notices);
    const cacheListener = listenForReadCacheChanges({
      hub: notices,
      cache,
      watch,
      onLost: (error) => options.onConnectionError?.(error ?? new Error('read cache listener connection ended')),
    });
    return {
      db,
      kind: 'postgres',
      cacheListener,
      notices,
      close: async () => {
        await notices.stop();
        await db.destroy();
      },
    };
  }
  let pglite: DialectPGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Reopened after a PANIC (a full disk), which would otherwise stop this thread (decision 081).
    pglite = recoveringPGlite(await PGlite.create(dir), () => PGlite.create(dir), {
      onFatal: (error) => options.onConnectionError?.(error instanceof Error ? error : new Error(String(error))),
    });
  } else {
    pglite = preparedPGlite(await PGlite.create());
  }
  // The embedded database is this process's alone: rows read on every request are cached, every
  // write being watched (read-cache.ts, decision 022).
  const watch = new WriteWatch(CACHED_TABLES);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [watch] });
  attachReadCache(db, new ReadCache(watch));
  // Its statements run on this thread: requests arriving together are grouped per turn (group.ts).
  gatherStatements(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** PostgreSQL dialect whose driver bumps the read cache's generations when a transaction ends (watchCommits). */
class CommitWatchingPostgresDialect extends PostgresDialect {
  readonly #watch: WriteWatch;
  constructor(config: ConstructorParameters<typeof PostgresDialect>[0], watch: WriteWatch) {
    super(config);
    this.#watch = watch;
  }
  override createDriver() {
    return watchCommits(super.createDriver(), this.#watch);
  }
}

/**
 * Runs `work` in a transaction: the caller's when `db` already is one (a domain step called under a
 * row lock), a new one otherwise. Kysely refuses to nest transactions, so shared steps use this.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/**
 * How long a statement on a PostgreSQL server may wait for a row or table lock before it is cancelled
 * (503 to the learner): far above any lock this product holds (a row for one short write), so only a
 * lock held by something else (a transaction left open, a long migration of another instance) reaches
 * it. The billing writes' own wait is as long (BILLING_WRITE_WAIT_MS).
 */
export const LOCK_WAIT_MS = 10_000;

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Instances starting at once take turns on the migrator's lock for as long as the first one's
  // migrations run: no lock deadline for this connection while they do.
  if (!db.isTransaction) {
    return db.connection().execute(async (connection) => {
      await sql`set lock_timeout = 0`.execute(connection);
      try {
        return await runMigrations(connection);
      } finally {
        await sql`reset lock_timeout`.execute(connection);
      }
    });
  }
  return runMigrations(db);
}

async function runMigrations(db: Kysely<Database>): Promise<string[]> {
  // Numbers are reserved per issue and land in any order (0005 shipped before 0003): a database that
  // already ran a later number must still pick up an earlier one that arrives after it.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function checkDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** SQLSTATE classes and codes that mean "the database is not reachable right now", not "bad query". */
// 55P03: a lock not given within the connection's lock_timeout (LOCK_WAIT_MS); 57014: a statement
// cancelled (by an operator's pg_cancel_backend, or a timeout): the request was fine, the database busy.
const UNAVAILABLE_SQLSTATE = /^(08|57P|53|55P03$|57014$)/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // A database closed to new connections (ALTER DATABASE ... ALLOW_CONNECTIONS false, as in maintenance):
  // SQLSTATE 55000, a class that also holds errors of queries, so it is told by its message.
  'is not currently accepting connections',
];

/**
 * True for errors that come from losing the database (server down, connection dropped, too many
 * connections), which callers answer with 503 "try again" rather than a 500: the request was fine.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; severity?: unknown };
    // The backend stopped (PGlite's is reopened, pglite-recovery.ts), whatever the SQLSTATE.
    if (e.severity === 'PANIC') return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    // AggregateError (a connection attempt to several addresses) carries its reasons in `errors`.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}
