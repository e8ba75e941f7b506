import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type { Database } from './schema.js';
export type DbKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export type DbHandle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
};

export type CreateDatabaseOptions = {
  /** A PostgreSQL server; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `undefined` with no databaseUrl means in-memory. */
  dataDir?: string;
  /** Pool size for a PostgreSQL server. */
  maxConnections?: number;
  /** Told about errors of idle pooled connections (they are replaced automatically). */
  onIdleError?: (error: Error) => void;
};

/** The one connection factory: PGlite on a directory (or in memory), or a PostgreSQL server. */
export async function createDatabase(options: CreateDatabaseOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    // int8 (bigserial ids, count(*)) arrives as text; our ids stay strings, counts are small.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // An idle connection dropped by the server (restart, failover, admin termination) must not crash
    // the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  } else {
    pglite = await PGlite.create();
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
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
