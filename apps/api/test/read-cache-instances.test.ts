import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest, type DbHandle } from '@shunkan/db';
import { createScratchDatabase } from '@shunkan/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../src/env.js';
import { createServer, type ServerHandle } from '../src/server.js';
import { emulatorHost, PROJECT_ID, signUp } from './harness.js';

// Two API instances (separate servers, separate database pools and caches) on one PostgreSQL database:
// each keeps learners' subscriptions in memory (decision 032), so a change made through one instance,
// or by hand, must reach the other's answers, also after the other lost its listening connection.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('read-cache-instances.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run it.');

describe.skipIf(!serverUrl)('the subscription read cache of two instances on one database', () => {
  let a: ServerHandle;
  let b: ServerHandle;
  const handles: DbHandle[] = [];
  let other: pg.Client;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '', 'shunkan_instances_cache');
    dropDatabase = scratch.drop;
    const start = async (name: string) => {
      const database = await createDatabase({ databaseUrl: scratch.url, applicationName: name });
      await migrateToLatest(database.db);
      await database.cacheListener?.ready;
      handles.push(database);
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `shunkan-${name}-`)),
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        WEB_DIST: '/nonexistent',
      });
      return createServer(env, { database });
    };
    a = await start('instance-a');
    b = await start('instance-b');
    other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
  }, 120_000);

  afterAll(async () => {
    await other?.end();
    await a?.stop();
    await b?.stop();
    for (const handle of handles) await handle.close();
    await dropDatabase?.();
  });

  const view = async (server: ServerHandle, token: string) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    return response.json() as { subscriptionStatus: string; hasAccess: boolean };
  };
  const nextProblem = async (server: ServerHandle, token: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: '/api/problem',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { difficultyLevel: 'toeic' },
      })
    ).statusCode;

  it('shows a trial started through one instance on the other, and its access check lets practice in', async () => {
    const learner = await signUp();
    // Both instances have read (and keep) the learner without a subscription.
    for (const server of [a, b]) expect(await view(server, learner.idToken)).toMatchObject({ subscriptionStatus: 'none', hasAccess: false });
    expect(await nextProblem(b, learner.idToken)).toBe(403);

    const started = await a.app.inject({ method: 'POST', url: '/api/start-trial', headers: { authorization: `Bearer ${learner.idToken}` } });
    expect(started.statusCode).toBe(200);
    // The writing instance at once; the other when the server's notice arrives.
    expect(await view(a, learner.idToken)).toMatchObject({ subscriptionStatus: 'trialing', hasAccess: true });
    await vi.waitFor(async () => expect(await view(b, learner.idToken)).toMatchObject({ subscriptionStatus: 'trialing', hasAccess: true }), {
      timeout: 2_000,
      interval: 5,
    });
    expect(await nextProblem(b, learner.idToken)).toBe(200);

    // Ended by hand on the server (an operator's SQL): both instances refuse practice.
    await other.query("update subscriptions s set status = 'expired' from users u where u.id = s.user_id and u.firebase_uid = $1", [learner.localId]);
    for (const server of [a, b]) {
      await vi.waitFor(async () => expect(await nextProblem(server, learner.idToken)).toBe(403), { timeout: 2_000, interval: 5 });
    }
  }, 60_000);

  it('answers from the database while an instance cannot hear the notices, and nothing stale after it hears them again', async () => {
    const learner = await signUp();
    await b.app.inject({ method: 'POST', url: '/api/start-trial', headers: { authorization: `Bearer ${learner.idToken}` } });
    expect(await view(b, learner.idToken)).toMatchObject({ subscriptionStatus: 'trialing' });

    await other.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'instance-b-listener' and datname = current_database()");
    const listener = b.database.cacheListener;
    await vi.waitFor(() => expect(listener?.listening()).toBe(false), { timeout: 5_000, interval: 5 });
    const setStatus = (status: string) =>
      other.query('update subscriptions s set status = $2 from users u where u.id = s.user_id and u.firebase_uid = $1', [learner.localId, status]);
    await setStatus('expired');
    expect(await view(b, learner.idToken)).toMatchObject({ subscriptionStatus: 'expired', hasAccess: false });

    await vi.waitFor(() => expect(listener?.listening()).toBe(true), { timeout: 10_000, interval: 20 });
    expect(await view(b, learner.idToken)).toMatchObject({ subscriptionStatus: 'expired' });
    await setStatus('trialing');
    await vi.waitFor(async () => expect(await view(b, learner.idToken)).toMatchObject({ subscriptionStatus: 'trialing', hasAccess: true }), {
      timeout: 2_000,
      interval: 5,
    });
  }, 60_000);
});
