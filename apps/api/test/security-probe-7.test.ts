import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEXT } from '@shunkan/config/texts';
import { createDatabase } from '@shunkan/db';
import { failWritesUnder } from '@shunkan/db/testing';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { messageOf, NO_RATE_LIMITS, requests, signUp, startTestServer } from './harness.js';

/**
 * Seventh security and fault probe (decision 081). HTTP through `inject` against the real parts (the
 * Auth emulator, PGlite, PostgreSQL with TEST_DATABASE_URL).
 */

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a full disk under PGlite (its data directory)', () => {
  let server: ServerHandle;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shunkan-probe7-'));
  beforeAll(async () => {
    const database = await createDatabase({ dataDir });
    server = await startTestServer(NO_RATE_LIMITS, { database });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  const { post, get } = requests(() => server);

  async function trialLearner() {
    const account = await signUp();
    expect((await post('/api/start-trial', account.idToken)).statusCode).toBe(200);
    return account;
  }
  async function answer(token: string, text: string): Promise<InjectResponse> {
    const served = await post('/api/problem', token, { difficultyLevel: 'toeic' });
    if (served.statusCode !== 200) return served;
    const { japaneseSentence } = served.json() as { japaneseSentence: string };
    return post('/api/evaluate-with-claude', token, { japaneseSentence, userTranslation: text, difficultyLevel: 'toeic' });
  }
  const attempts = async () => Number((await server.database.db.selectFrom('attempts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers 503 in Japanese while writes fail, never stops the process, and serves again without a restart once there is room', async () => {
    const learner = await trialLearner();
    const other = await trialLearner();
    expect((await answer(learner.idToken, 'I went to the station.')).statusCode).toBe(200);
    const storedBefore = await attempts();

    const disk = failWritesUnder(dataDir);
    const during: InjectResponse[] = [];
    try {
      // The first write to reach the WAL makes PostgreSQL PANIC; before the fix the next statement
      // spun inside WebAssembly and the whole process stopped answering (this test never finished).
      for (let i = 0; i < 4; i++) during.push(await answer(i % 2 ? other.idToken : learner.idToken, `Answer number ${i}.`));
      during.push(await get('/api/user-subscription', learner.idToken));
      during.push(await get('/api/health'));
    } finally {
      disk.restore();
    }
    expect(disk.failed()).toBeGreaterThan(0);
    for (const response of during) expect([200, 503]).toContain(response.statusCode);
    expect(during.some((response) => response.statusCode === 503)).toBe(true);
    // The answers and the read (the health check's body is its own).
    for (const response of during.slice(0, 5)) if (response.statusCode === 503) expect(messageOf(response)).toBe(TEXT.serviceUnavailable);
    const acknowledged = during.filter((response, i) => i < 4 && response.statusCode === 200).length;

    // Room again: the next requests reopen the data directory (crash recovery from the WAL).
    let health = await get('/api/health');
    for (let i = 0; i < 20 && health.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      health = await get('/api/health');
    }
    expect(health.statusCode).toBe(200);
    const after = await answer(other.idToken, 'I am back.');
    expect(after.statusCode).toBe(200);
    // Nothing acknowledged was lost and nothing refused was stored.
    expect(await attempts()).toBe(storedBefore + acknowledged + 1);
  });
});
