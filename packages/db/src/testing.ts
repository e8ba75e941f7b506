import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { createDatabase, migrateToLatest, type Db, type DbHandle } from './index.js';
import { migrations } from './migrations/index.js';

/**
 * A fresh, migrated database for one test file: a throw-away database on the PostgreSQL server named
 * by TEST_DATABASE_URL, or in-memory PGlite otherwise. `close()` drops the throw-away database.
 * `url`: the scratch database's on a PostgreSQL server (for a second connection of the test's own).
 * `migrateBefore` (a migration test): only the migrations whose names sort before it, so that the
 * migration under test meets rows written in the older shape.
 */
export async function createTestDatabase(options: { migrateBefore?: string; maxConnections?: number } = {}): Promise<DbHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const migrate = (db: Db) => (options.migrateBefore ? migrateBefore(db, options.migrateBefore) : migrateToLatest(db));
  if (!serverUrl) {
    const handle = await createDatabase({});
    await migrate(handle.db);
    return handle;
  }
  const scratch = await createScratchDatabase(serverUrl, 'shunkan_test');
  const handle = await createDatabase({ databaseUrl: scratch.url, maxConnections: options.maxConnections ?? 20 });
  await migrate(handle.db);
  return {
    ...handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * An empty database of its own on the PostgreSQL server at `serverUrl` (tests, benchmarks): its URL,
 * and `drop()`, which removes it even while connections to it remain.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Process ids of the server sessions connected to the database at `databaseUrl` (benchmarks read their CPU time). */
export async function serverProcessIds(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Applies the migrations whose names sort before `name` (e.g. '0019' stops after 0018). */
async function migrateBefore(db: Db, name: string): Promise<void> {
  const older = Object.fromEntries(Object.entries(migrations).filter(([migration]) => migration < name));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => older }, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * A full disk under `dir` (decision 081): every synchronous write of a file below it fails with ENOSPC
 * (PGlite's file system writes through fs.writeSync) until `restore()`. Linux only (/proc/self/fd).
 */
export function failWritesUnder(dir: string): { restore: () => void; failed: () => number } {
  const original = fs.writeSync;
  const root = fs.realpathSync(dir);
  let failed = 0;
  const below = (fd: unknown) => {
    if (typeof fd !== 'number') return false;
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(root);
    } catch {
      return false;
    }
  };
  fs.writeSync = function writeSync(this: unknown, ...args: Parameters<typeof fs.writeSync>) {
    if (below(args[0])) {
      failed++;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    }
    return (original as (...a: unknown[]) => number).apply(this, args);
  } as typeof fs.writeSync;
  return {
    restore: () => {
      fs.writeSync = original;
    },
    failed: () => failed,
  };
}
