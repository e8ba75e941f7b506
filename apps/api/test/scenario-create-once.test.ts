import { SCENARIO_TEXT } from '@shunkan/config/texts';
import { describe, expect, it } from 'vitest';
import { requests, signUp, serverForFile } from './harness.js';

/**
 * A custom scenario is created once per client request id (decision 074), as answers are stored once per
 * submission id (decision 064): a create whose answer was lost (503 after the commit, a cut connection)
 * and is sent again answers the scenario stored the first time. Run on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL), where repeats sent at once really race.
 */
const file = serverForFile();

const { call, userIdOf } = requests(() => file.server);

/** A learner on the trial, which includes custom scenarios. */
async function trialLearner() {
  const account = await signUp();
  expect((await call('POST', '/api/start-trial', account.idToken)).status).toBe(200);
  return { token: account.idToken, userId: await userIdOf(account.localId) };
}

const fields = { title: '空港のチェックイン', description: '空港のカウンターで荷物を預けて座席を選ぶ場面' };
const stored = (userId: string) => file.server.database.db.selectFrom('custom_scenarios').select(['id', 'request_id']).where('user_id', '=', userId).execute();
const trpcData = (body: Record<string, unknown>) => (body.result as { data: Record<string, unknown> }).data;

describe('creating a custom scenario', () => {
  it('sent twice with one request id stores one scenario and answers it both times, on both doors', async () => {
    const learner = await trialLearner();
    const requestId = crypto.randomUUID();
    const first = await call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId });
    expect(first.status).toBe(200);
    const again = await call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId });
    expect(again).toEqual(first);
    const viaTrpc = await call('POST', '/api/trpc/scenarios.create', learner.token, { ...fields, requestId });
    expect(viaTrpc.status).toBe(200);
    expect(trpcData(viaTrpc.body)).toEqual(first.body);
    expect(await stored(learner.userId)).toEqual([{ id: first.body.id, request_id: requestId }]);
    // A repeat answers what the first stored, whatever it carries now.
    const edited = await call('POST', '/api/custom-scenarios', learner.token, { title: '別の題', description: fields.description, requestId });
    expect(edited.body).toMatchObject({ id: first.body.id, title: fields.title });
  });

  it('sent ten times at once with one request id stores one scenario; every request gets it', async () => {
    const learner = await trialLearner();
    const requestId = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await stored(learner.userId)).toHaveLength(1);
  });

  it('makes one scenario per request id, and none without one repeats; another learner\'s equal id is theirs', async () => {
    const learner = await trialLearner();
    const other = await trialLearner();
    const requestId = crypto.randomUUID();
    expect((await call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId })).status).toBe(200);
    expect((await call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId: crypto.randomUUID() })).status).toBe(200);
    // Older clients send no id: each create is a new scenario, as before.
    expect((await call('POST', '/api/custom-scenarios', learner.token, fields)).status).toBe(200);
    expect((await call('POST', '/api/custom-scenarios', learner.token, fields)).status).toBe(200);
    expect(await stored(learner.userId)).toHaveLength(4);
    const theirs = await call('POST', '/api/custom-scenarios', other.token, { ...fields, requestId });
    expect(theirs.status).toBe(200);
    expect(await stored(other.userId)).toEqual([{ id: theirs.body.id, request_id: requestId }]);
  });

  it('a repeat of a stored create at the limit of 50 answers it; a new create is refused', async () => {
    const learner = await trialLearner();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const requestId = crypto.randomUUID();
      ids.push(requestId);
      expect((await call('POST', '/api/custom-scenarios', learner.token, { title: `場面${i}`, description: fields.description, requestId })).status).toBe(200);
    }
    const repeat = await call('POST', '/api/custom-scenarios', learner.token, { title: '場面49', description: fields.description, requestId: ids[49] });
    expect(repeat.status).toBe(200);
    expect(repeat.body.title).toBe('場面49');
    const fresh = await call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId: crypto.randomUUID() });
    expect(fresh).toMatchObject({ status: 400, body: { message: SCENARIO_TEXT.limit } });
    expect(await stored(learner.userId)).toHaveLength(50);
  }, 60_000);

  it('refuses a malformed request id with 400 in Japanese, storing nothing', async () => {
    const learner = await trialLearner();
    const rest = await call('POST', '/api/custom-scenarios', learner.token, { ...fields, requestId: 'not-a-uuid' });
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain(SCENARIO_TEXT.requestId);
    const trpc = await call('POST', '/api/trpc/scenarios.create', learner.token, { ...fields, requestId: 12 });
    expect(trpc.status).toBe(400);
    expect(await stored(learner.userId)).toEqual([]);
  });
});
