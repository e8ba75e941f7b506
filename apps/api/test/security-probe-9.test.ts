import { scenarioFields } from '@shunkan/config/forms';
import { ANSWER_TEXT, SCENARIO_TEXT, TEXT } from '@shunkan/config/texts';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { describe, expect, it } from 'vitest';
import { dataOf, emulatorAdmin, messageOf, requests, serverForFile, signUp } from './harness.js';

/**
 * The ninth security and fault probe (decision 098), as tests: per-object authorisation and role
 * changes after a token was minted, token edge cases, money paths, inputs and faults left open by the
 * eight probes before it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const file = serverForFile();
const { post, get } = requests(() => file.server);

async function adminByClaim(): Promise<{ idToken: string; localId: string; userId: string }> {
  const account = await signUp();
  await emulatorAdmin('accounts:update', { localId: account.localId, customAttributes: JSON.stringify({ admin: true }) });
  const whoami = await get('/api/trpc/admin.whoami', account.idToken);
  expect(whoami.statusCode, whoami.body).toBe(200);
  const row = await findUserByFirebaseUid(file.server.database.db, account.localId);
  if (!row) throw new Error('no user row');
  return { ...account, userId: row.id };
}

describe('an admin made by the Firebase admin claim, whose role another admin withdraws', () => {
  it('loses admin at once and for good, although their token was checked seconds before (the claim was read from a cache and promoted them again)', async () => {
    const first = await adminByClaim();
    const second = await adminByClaim();
    // The second admin is active: their token's account record is in the verifier's cache (10 s).
    expect((await get('/api/trpc/admin.whoami', second.idToken)).statusCode).toBe(200);

    const withdrawn = await post('/api/trpc/admin.users.setAdmin', first.idToken, { userId: second.userId, isAdmin: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const next = await get('/api/trpc/admin.whoami', second.idToken);
    expect(next.statusCode).toBe(403);
    expect(messageOf(next)).toBe(TEXT.forbidden);
    expect((await get('/api/admin/stats', second.idToken)).statusCode).toBe(403);
    const row = await findUserByFirebaseUid(file.server.database.db, second.localId);
    expect(row?.role).toBe('learner');
    const me = dataOf<{ user: { isAdmin: boolean } }>(await get('/api/trpc/auth.me', second.idToken));
    expect(me.user.isAdmin).toBe(false);
  });
});

describe('required text made only of characters that show nothing', () => {
  // trim() removes white space only: a zero-width space, a direction override or the BOM passed as text.
  const INVISIBLE = ['\u200B\u200B', '\u202E', '\u200F\u200E', '\uFEFF\u2060', '\u00AD', '\u3164', ' \u200B\u3000'];

  it('is refused in Japanese as an empty answer (it was graded, stored as an attempt and counted), on both doors', async () => {
    const learner = await signUp();
    expect((await post('/api/start-trial', learner.idToken)).statusCode).toBe(200);
    const served = await post('/api/problem', learner.idToken, { difficultyLevel: 'toeic' });
    const { problemId } = served.json() as { problemId: string };
    for (const answer of INVISIBLE) {
      const rest = await post('/api/evaluate-with-claude', learner.idToken, { problemId, answer, difficultyLevel: 'toeic' });
      expect(rest.statusCode, JSON.stringify(answer)).toBe(400);
      expect(rest.body).toContain(ANSWER_TEXT.required);
      const trpc = await post('/api/trpc/practice.evaluate', learner.idToken, { problemId, answer, difficultyLevel: 'toeic' });
      expect(trpc.statusCode).toBe(400);
      expect(messageOf(trpc)).toBe(TEXT.invalidInput);
      expect(trpc.body).toContain(ANSWER_TEXT.required);
    }
    const user = await findUserByFirebaseUid(file.server.database.db, learner.localId);
    const attempts = await file.server.database.db.selectFrom('attempts').select('id').where('user_id', '=', user?.id ?? '').execute();
    expect(attempts).toHaveLength(0);
    // A visible answer with such marks inside is still an answer.
    const graded = await post('/api/evaluate-with-claude', learner.idToken, { problemId, answer: '\u200BI am\u202E here.', difficultyLevel: 'toeic' });
    expect(graded.statusCode, graded.body).toBe(200);
  });

  it('is refused as a missing scenario title or description (a blank-looking scenario was created), and a visible one still goes through', async () => {
    const learner = await signUp();
    expect((await post('/api/start-trial', learner.idToken)).statusCode).toBe(200);
    for (const blank of INVISIBLE) {
      const title = await post('/api/custom-scenarios', learner.idToken, { title: blank, description: '空港で' });
      expect(title.statusCode, JSON.stringify(blank)).toBe(400);
      expect(title.body).toContain(SCENARIO_TEXT.titleRequired);
      const description = await post('/api/trpc/scenarios.create', learner.idToken, { title: '旅行', description: blank });
      expect(description.statusCode).toBe(400);
      expect(description.body).toContain(SCENARIO_TEXT.descriptionRequired);
    }
    expect(dataOf<unknown[]>(await get('/api/trpc/scenarios.list', learner.idToken))).toHaveLength(0);
    const visible = await post('/api/custom-scenarios', learner.idToken, { title: '\u200B旅行', description: '空港で' });
    expect(visible.statusCode, visible.body).toBe(200);
    // The web form's rule (packages/config forms.ts) agrees with the server.
    expect(scenarioFields.safeParse({ title: '\u200B', description: 'x' }).success).toBe(false);
    expect(scenarioFields.safeParse({ title: '旅行', description: 'x' }).success).toBe(true);
  });
});
