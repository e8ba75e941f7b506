import type { DbHandle } from '@shunkan/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchBankProblems, scenarioLevel } from '../src/domain/scenarios.js';
import { jsonReply, googleErrorReply, startFakeGemini, type FakeGeminiServer } from '../src/services/ai/fake-gemini-server.js';
import { createPracticeServices } from '../src/services/practice-services.js';
import { allBankProblems, seedProblemBank } from '../src/services/problem-bank/index.js';
import { callerFor, errorOf, openTestDb, seedSubscriber, silentLog, testServices } from './helpers.js';

let handle: DbHandle;
let gemini: FakeGeminiServer;

beforeAll(async () => {
  handle = await openTestDb();
  await seedProblemBank(handle.db);
  gemini = await startFakeGemini();
});
afterAll(async () => {
  await gemini?.close();
  await handle?.close();
});

const AIRPORT = { title: '空港での会話', description: '空港や飛行機で使う表現。未来完了も練習したい。' };
const NOT_FOUND = { code: 'NOT_FOUND', message: 'シナリオが見つかりません。' };

function generated(japanese: string, answer: string) {
  return {
    japanese,
    answers: [answer, answer.replace('.', ', please.'), `Excuse me, ${answer.charAt(0).toLowerCase()}${answer.slice(1)}`],
    grammarPoint: '丁寧な依頼',
    explanation: '丁寧な依頼は Could you 〜? で表します。',
    synonyms: [],
    similarPhrases: [
      { en: 'Where is the gate?', ja: '搭乗口はどこですか。' },
      { en: 'Is this seat free?', ja: 'この席は空いていますか。' },
    ],
  };
}

describe('scenario matching (built-in)', () => {
  it('ranks bank problems by the scenario\'s grammar point first, then its words', () => {
    const matches = matchBankProblems(AIRPORT, allBankProblems());
    expect(matches[0]?.problem.id).toBe('high-school-023'); // 空港 and 飛行機 in the sentence, 未来完了 its grammar point
    expect(matches[0]).toMatchObject({ grammarTerms: ['未来完了'], words: ['空港', '飛行機'] });
    expect(matches.slice(1, 4).every((m) => m.words.includes('空港') || m.grammarTerms.length > 0)).toBe(true);
    expect(matchBankProblems({ title: 'xyzzy', description: 'ほげほげ' }, allBankProblems())).toEqual([]);
    // English words in a scenario match the accepted answers.
    expect(matchBankProblems({ title: 'postponed meetings', description: 'postponed' }, allBankProblems())[0]?.words).toContain('postponed');
  });

  it('gives a scenario its own level: the level whose bank problems match it best, else middle school', () => {
    const bank = allBankProblems();
    for (const scenario of [AIRPORT, { title: '会議の延期', description: '会議や締め切り、取引先とのやり取り。' }, { title: '学校生活', description: '友達や先生、部活動の話。' }]) {
      const level = scenarioLevel(scenario, bank);
      const byLevel = new Map<string, number>();
      for (const m of matchBankProblems(scenario, bank).slice(0, 20)) byLevel.set(m.problem.level, (byLevel.get(m.problem.level) ?? 0) + m.score);
      expect(Math.max(...byLevel.values())).toBe(byLevel.get(level));
    }
    expect(scenarioLevel({ title: '会議の延期', description: '会議や締め切り、取引先とのやり取り。' }, bank)).toBe('toeic');
    expect(scenarioLevel({ title: '学校生活', description: '友達や先生、部活動の話。' }, bank)).toBe('high-school');
    expect(scenarioLevel({ title: 'xyzzy', description: 'ほげほげ' }, bank)).toBe('middle-school');
  });
});

describe(`custom scenarios (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('creates, lists, edits and deletes a learner\'s scenarios; another learner gets 404', async () => {
    const owner = await seedSubscriber(handle.db, 'premium');
    const other = await seedSubscriber(handle.db, 'trial');
    const mine = callerFor(handle.db, owner);
    const theirs = callerFor(handle.db, other);

    const created = await mine.scenarios.create({ title: '  レストランで注文  ', description: '注文や支払いの会話' });
    // Its own level: the bank's ordering and paying problems are TOEIC's.
    expect(created).toMatchObject({ title: 'レストランで注文', description: '注文や支払いの会話', level: 'toeic' });
    expect((await mine.scenarios.list()).map((s) => s.id)).toEqual([created.id]);
    expect(await theirs.scenarios.list()).toEqual([]);

    const edited = await mine.scenarios.update({ id: created.id, title: '学校生活', description: '友達や先生、部活動の話。' });
    expect(edited).toMatchObject({ id: created.id, title: '学校生活', description: '友達や先生、部活動の話。', level: 'high-school' });

    expect(await errorOf(theirs.scenarios.update({ id: created.id, title: '乗っ取り', description: 'x' }))).toEqual(NOT_FOUND);
    expect(await errorOf(theirs.scenarios.delete({ id: created.id }))).toEqual(NOT_FOUND);
    expect(await errorOf(theirs.scenarios.nextProblem({ scenarioId: created.id }))).toEqual(NOT_FOUND);
    expect((await mine.scenarios.list())[0]).toMatchObject({ title: '学校生活', level: 'high-school' });

    expect(await mine.scenarios.delete({ id: created.id })).toEqual({ id: created.id });
    expect(await mine.scenarios.list()).toEqual([]);
    expect(await errorOf(mine.scenarios.delete({ id: created.id }))).toEqual(NOT_FOUND);
  });

  it('validates input in Japanese and refuses standard learners with 403', async () => {
    const premium = callerFor(handle.db, await seedSubscriber(handle.db, 'premium'));
    expect((await errorOf(premium.scenarios.create({ title: '   ', description: 'x' })))?.code).toBe('BAD_REQUEST');
    expect((await errorOf(premium.scenarios.create({ title: 'a'.repeat(101), description: 'x' })))?.code).toBe('BAD_REQUEST');
    expect((await errorOf(premium.scenarios.update({ id: 'not-a-uuid', title: 't', description: 'd' })))?.code).toBe('BAD_REQUEST');

    const standard = callerFor(handle.db, await seedSubscriber(handle.db, 'standard'));
    const refusal = { code: 'FORBIDDEN', message: 'この機能はプレミアムプランでご利用いただけます。' };
    expect(await errorOf(standard.scenarios.list())).toEqual(refusal);
    expect(await errorOf(standard.scenarios.create({ title: 't', description: 'd' }))).toEqual(refusal);
  });

  it('practises a scenario with the built-in provider: the best-matching bank problems, said so, in turn', async () => {
    const user = await seedSubscriber(handle.db, 'premium');
    const caller = callerFor(handle.db, user);
    const scenario = await caller.scenarios.create(AIRPORT);
    expect(scenario.level).toBe('toeic');
    // Without a level: the scenario's own, and its best-matching problems of that level.
    const own = await caller.scenarios.nextProblem({ scenarioId: scenario.id });
    expect(own).toMatchObject({ difficultyLevel: 'toeic', source: 'bank' });
    const toeicMatches = matchBankProblems(AIRPORT, allBankProblems()).filter((m) => m.problem.level === 'toeic').slice(0, 20).map((m) => m.problem.id);
    expect(toeicMatches).toContain(own.problemId);
    // A level asked for: that level's matches (high school's best is 未来完了 at the airport).
    const first = await caller.scenarios.nextProblem({ scenarioId: scenario.id, difficultyLevel: 'high-school' });
    expect(first).toMatchObject({ problemId: 'high-school-023', difficultyLevel: 'high-school', source: 'bank', servedToday: 2 });
    expect(first.notice).toBe('シナリオ「空港での会話」に近い問題を問題集から選びました（文法: 未来完了（完了） / 共通の語: 空港、飛行機）。');
    const second = await caller.scenarios.nextProblem({ scenarioId: scenario.id, difficultyLevel: 'high-school' });
    expect(second.problemId).not.toBe(first.problemId);
    expect(second).toMatchObject({ source: 'bank', difficultyLevel: 'high-school' });

    const graded = await caller.practice.evaluate({ problemId: first.problemId, answer: 'The plane will have taken off by the time they get to the airport.', scenarioId: scenario.id });
    expect(graded.rating).toBeGreaterThanOrEqual(4);
    const history = await caller.learning.recentSessions();
    expect(history.items[0]).toMatchObject({ problemId: first.problemId, mode: 'scenario' });
    // Another learner's scenario id cannot label an answer.
    const other = callerFor(handle.db, await seedSubscriber(handle.db, 'premium'));
    expect(await errorOf(other.practice.evaluate({ problemId: first.problemId, answer: 'x', scenarioId: scenario.id }))).toEqual(NOT_FOUND);

    const nothing = await caller.scenarios.create({ title: 'xyzzy', description: 'ほげほげ' });
    const fallback = await caller.scenarios.nextProblem({ scenarioId: nothing.id, difficultyLevel: 'toeic' });
    expect(fallback).toMatchObject({ source: 'level', difficultyLevel: 'toeic' });
    expect(fallback.notice).toBe('シナリオ「xyzzy」に合う問題が問題集に見つからなかったため、TOEICの問題から出題します。');
  });

  it('with Gemini configured, generates problems for the scenario (kept out of the level pools) and falls back to the bank when it fails', async () => {
    const services = testServices(handle.db, {
      practice: createPracticeServices({ db: handle.db, log: silentLog, gemini: { apiKey: 'fake-key', model: 'gemini-2.5-flash', baseUrl: gemini.baseUrl, timeoutMs: 3000 } }),
    });
    const user = await seedSubscriber(handle.db, 'premium');
    const caller = callerFor(handle.db, user, { services });
    const scenario = await caller.scenarios.create(AIRPORT);
    gemini.requests.length = 0;
    gemini.setReply(
      jsonReply({
        problems: [
          generated('搭乗口まで案内していただけますか。', 'Could you show me to the boarding gate.'),
          generated('荷物を預けていただけますか。', 'Could you check my baggage.'),
        ],
      }),
    );
    const first = await caller.scenarios.nextProblem({ scenarioId: scenario.id, difficultyLevel: 'middle-school' });
    expect(first).toMatchObject({ source: 'gemini', difficultyLevel: 'middle-school', japaneseSentence: '搭乗口まで案内していただけますか。' });
    expect(first.notice).toBe('シナリオ「空港での会話」に合わせてAIが作成した問題です。');
    const prompt = JSON.stringify(gemini.requests[0]?.body);
    expect(prompt).toContain('空港での会話');
    expect(prompt).toContain('未来完了も練習したい');

    // The second generated problem is served next without another call.
    const second = await caller.scenarios.nextProblem({ scenarioId: scenario.id, difficultyLevel: 'middle-school' });
    expect(second.japaneseSentence).toBe('荷物を預けていただけますか。');
    expect(gemini.requests).toHaveLength(1);
    const rows = await handle.db.selectFrom('problems').select(['is_active', 'source']).where('id', 'in', [first.problemId, second.problemId]).execute();
    expect(rows).toEqual([
      { is_active: false, source: 'scenario' },
      { is_active: false, source: 'scenario' },
    ]);
    // A generated problem is graded like any other.
    const graded = await caller.practice.evaluate({ problemId: first.problemId, answer: 'Could you show me to the boarding gate.', scenarioId: scenario.id });
    expect(graded.problemId).toBe(first.problemId);

    // All generated problems seen and Gemini down: the built-in pick, and the learner is told.
    gemini.setReply(googleErrorReply(503, 'UNAVAILABLE', 'overloaded'));
    const fallback = await caller.scenarios.nextProblem({ scenarioId: scenario.id });
    expect(fallback.source).toBe('bank');
    expect(fallback.notice).toContain('問題集から選びました');
  });
});
