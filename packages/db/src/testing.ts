import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DbHandle } from './index.js';

/**
 * A fresh, migrated database for one test file: a throw-away database on the PostgreSQL server named
 * by TEST_DATABASE_URL, or in-memory PGlite otherwise. `close()` drops the throw-away database.
 */
export async function createTestDatabase(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDatabase({});
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `shunkan_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), maxConnections: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
