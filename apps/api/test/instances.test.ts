import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@shunkan/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, PROJECT_ID } from './harness.js';

// Two API processes (separate memory, as behind a load balancer) on one Redis and one PostgreSQL
// database: a client's rate limit and a guest's demo quota must hold across them. Needs the machine's
// Redis (REDIS_URL) and a PostgreSQL server (TEST_DATABASE_URL); `.ci/run` provides both.
const redisUrl = process.env.REDIS_URL;
const serverUrl = process.env.TEST_DATABASE_URL;
const missing = [!redisUrl && 'REDIS_URL', !serverUrl && 'TEST_DATABASE_URL'].filter(Boolean).join(' and ');
if (missing) console.warn(`instances.test.ts skipped: set ${missing} (e.g. REDIS_URL=redis://127.0.0.1:6379) to run two API instances on one Redis and one database.`);

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Instance = { url: string; child: ChildProcess };

/** Starts `src/index.ts` (through tsx) in a process of its own and resolves with its URL once it listens. */
function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('the API instance did not start within 180 s')), 180_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output.slice(-3000)}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve({ url: match[1], child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => fail(new Error(`the API instance exited with code ${code}`)));
  });
}

function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
    instance.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    instance.child.kill('SIGTERM');
  });
}

describe.skipIf(Boolean(missing))('two API instances on one Redis and one database', () => {
  // A prefix of this run only: other checkouts and runs share the machine's Redis.
  const keyPrefix = `shunkan-test:${randomBytes(6).toString('hex')}:`;
  let instances: Instance[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = await createScratchDatabase(serverUrl ?? '', 'shunkan_instances');
    dropDatabase = database.drop;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: keyPrefix,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_PER_MIN: '6',
      RATE_LIMIT_AUTH_PER_MIN: '100',
    };
    // Both start at once, as a deployment would (migrations take a lock).
    instances = await Promise.all([
      startInstance({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-a-')) }),
      startInstance({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-b-')) }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await dropDatabase?.();
  }, 60_000);

  it('counts one client’s requests across both instances against one rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const instance = instances[i % 2];
      const response = await fetch(`${instance?.url}/api/public-config`);
      statuses.push(response.status);
      if (response.status === 429) expect(((await response.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS');
      else await response.arrayBuffer();
    }
    // Six per minute in all, not six per instance: requests 7 and 8 are refused, one by each instance.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  }, 120_000);

  it('gives a guest five demo problems a day in all, whichever instance answers', async () => {
    const results: { status: number; remainingToday?: number; message?: string }[] = [];
    for (let i = 0; i < 7; i++) {
      const instance = instances[i % 2];
      const response = await fetch(`${instance?.url}/api/trpc/demo.nextProblem`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ difficultyLevel: 'toeic' }),
      });
      const body = (await response.json()) as { result?: { data: { remainingToday: number } }; error?: { message: string } };
      results.push({ status: response.status, remainingToday: body.result?.data.remainingToday, message: body.error?.message });
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(results.slice(0, 5).map((r) => r.remainingToday)).toEqual([4, 3, 2, 1, 0]);
    expect(results[5]?.message).toBe('デモでお試しいただけるのは1日5問までです。続きは無料トライアルでどうぞ。');
  }, 120_000);
});
