/**
 * Decision 093: structure and optional material, judged by general rewrites (structure.ts) rather than
 * per-item lists. Every sentence here is our own (not from the bank nor any evaluation set): the
 * learner's sentence in another clause order, with a meaning-neutral adjunct, without the answer's
 * opinion frame, or in another construction of the same grammar point, each next to the same
 * sentence with its meaning changed (an added not, another person, the clauses' roles swapped), which
 * must stay ≤ 2★.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from './index';
import { structureRewrites } from './structure';
import { expectParaphraseCases, testProblems } from './test-problems';

const problem = testProblems(8400, '構造のテスト用の問題です。');

/** Japanese, accepted answer, a paraphrase graded ≥ 4★, a meaning error graded ≤ 2★. */
type Case = readonly [string, string, string, string];

const CLAUSE_ORDER_CASES: readonly Case[] = [
  ['もし明日晴れたら、公園で昼ご飯を食べよう。', "If it is sunny tomorrow, let's have lunch in the park.", "Let's have lunch in the park if it is sunny tomorrow.", "Let's have lunch in the park if it is rainy tomorrow."],
  ['宿題が終わってから、テレビを見た。', 'After I finished my homework, I watched TV.', 'I watched TV after I finished my homework.', 'I watched TV before I finished my homework.'],
  ['彼女がなぜ怒っているのか分からない。', "I don't understand why she is angry.", "Why she is angry, I don't understand.", "Why she is happy, I don't understand."],
  ['電車が遅れたので、会議に遅刻した。', 'I was late for the meeting because the train was delayed.', 'Because the train was delayed, I was late for the meeting.', 'Because the bus was delayed, I was late for the meeting.'],
];

const ADJUNCT_CASES: readonly Case[] = [
  ['この傘は私のです。', 'This umbrella is mine.', 'This umbrella right here is mine.', 'This umbrella right here is not mine.'],
  ['あのビルは図書館です。', 'That building is a library.', 'That building over there is a library.', 'That building over there is a museum.'],
  ['奈良は古いお寺がたくさんある町です。', 'Nara is a town which has a lot of old temples.', 'Nara is a town that has a lot of old temples in it.', 'Nara is a town that has a lot of new temples in it.'],
  ['その映画は面白かった。', 'The movie was interesting.', 'The movie was really interesting.', 'The movie was really boring.'],
];

const FRAME_CASES: readonly Case[] = [
  ['その試験は簡単だと思った。', 'I thought the exam was easy.', 'The exam was easy.', 'The exam was difficult.'],
  ['彼の考えは正しいと思う。', 'I think his idea is right.', 'His idea is right.', 'His idea is wrong.'],
];

const CONSTRUCTION_CASES: readonly Case[] = [
  ['私のかばんはあなたのと同じ色です。', 'My bag is the same color as yours.', 'My bag is the same color as the one you have.', 'My bag is a different color from the one you have.'],
  ['できるだけ早く部屋を片付けなさい。', 'Clean your room as soon as possible.', 'Clean your room as soon as you can.', 'Clean your kitchen as soon as you can.'],
  ['出かけるより家で本を読みたい。', "I'd rather read a book at home than go out.", "I don't want to go out. I'd rather read a book at home.", "I want to go out. I'd rather read a book at home."],
  ['彼女は疲れすぎて歩けなかった。', 'She was too tired to walk.', "She was so tired that she couldn't walk.", "She was so tired that she couldn't sleep."],
  ['彼は若すぎて運転できない。', "He is so young that he can't drive.", 'He is too young to drive.', 'He is too old to drive.'],
  ['彼女は忙しいと言った。', 'She said she was busy.', 'She said that she was busy.', 'She said that she was free.'],
  ['散歩するより家で休みたい。', "I'd rather rest at home than go for a walk.", "I'd rather not go for a walk. I'd like to rest at home.", "I'd rather not rest at home. I'd like to go for a walk."],
  ['この問題は私たちだけでなく、町全体の問題だ。', 'This is a problem not only for us but for the whole town.', 'This is a problem for the whole town and not just for us.', 'This is a problem for us and not just for the whole town.'],
];

describe('structure and optional material (decision 093)', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });
  const evaluate = (p: Parameters<Evaluator['evaluate']>[0], answer: string) => evaluator.evaluate(p, answer);

  it('accepts an adverbial clause or a wh-object in the other place, and keeps the clause roles', () => {
    expectParaphraseCases(evaluate, problem, CLAUSE_ORDER_CASES);
  });

  it('lets a meaning-neutral adjunct cost nothing (a place word repeating this / that, a resumptive in it, an intensifier)', () => {
    expectParaphraseCases(evaluate, problem, ADJUNCT_CASES);
  });

  it("accepts the sentence without the answer's opinion frame", () => {
    expectParaphraseCases(evaluate, problem, FRAME_CASES);
  });

  it('accepts the same grammar point in another construction (the one you have, as soon as you can, would rather)', () => {
    expectParaphraseCases(evaluate, problem, CONSTRUCTION_CASES);
  });

  it('keeps a swapped clause role a meaning error when the clause also moved', () => {
    const p = problem('宿題が終わってから、テレビを見た。', ['After I finished my homework, I watched TV.']);
    expect(evaluate(p, 'I watched TV after I finished my homework.').rating).toBeGreaterThanOrEqual(4);
    expect(evaluate(p, 'I finished my homework after I watched TV.').rating).toBeLessThanOrEqual(2);
    expect(evaluate(p, 'After I watched TV, I finished my homework.').rating).toBeLessThanOrEqual(2);
  });

  it('never drops an intensifier after a negation nor a place word after a verb', () => {
    const rewrites = (text: string) => structureRewrites(text, ['The movie was interesting.']).map((r) => r.text);
    expect(rewrites('The movie was not really interesting.')).not.toContain('The movie was not interesting.');
    expect(rewrites('That book is there.')).toEqual([]);
    const p = problem('その映画は面白かった。', ['The movie was interesting.']);
    expect(evaluate(p, 'The movie was not really interesting.').rating).toBeLessThanOrEqual(2);
  });

  it('reads a progressive with a when-clause of the same subject as the participle clause, and another person as another person', () => {
    const p = problem('その女性は歌を歌いながら部屋に入ってきた。', ['Singing a song, the woman came into the room.', 'The woman came into the room while she was singing a song.']);
    expect(evaluate(p, 'The woman was singing a song when she came into the room.').rating).toBeGreaterThanOrEqual(4);
    expect(evaluate(p, 'The woman was singing a song when he came into the room.').rating).toBeLessThanOrEqual(2);
  });

  it('turns only that into the answer\'s relative pronoun: which for a person stays a slip', () => {
    const p = problem('私が昨日会った男性は医者です。', ['The man who I met yesterday is a doctor.']);
    expect(evaluate(p, 'The man that I met yesterday is a doctor.').rating).toBeGreaterThanOrEqual(4);
    const slip = evaluate(p, 'The man which I met yesterday is a doctor.');
    expect(slip.rating).toBeLessThanOrEqual(4);
    expect(slip.errors.map((e) => e.kind)).toContain('word-choice');
  });

  it('keeps a degree the answer grades: the learner\'s intensifier is not dropped against slightly', () => {
    const p = problem('少し遅れます。', ["I'll be slightly late."]);
    expect(evaluate(p, "I'll be very late.").rating).toBeLessThanOrEqual(2);
  });

  it('owes these verdicts to the rewrites: without them the grader names the structure an error', async () => {
    const without = await createEvaluator({ structure: false });
    const p = problem('彼女がなぜ怒っているのか分からない。', ["I don't understand why she is angry."]);
    expect(without.evaluate(p, "Why she is angry, I don't understand.").rating).toBeLessThan(4);
    expect(evaluate(p, "Why she is angry, I don't understand.").rating).toBeGreaterThanOrEqual(4);
  });

  it('keeps a slip named inside a moved clause', () => {
    const p = problem('もし明日晴れたら、公園で昼ご飯を食べよう。', ["If it is sunny tomorrow, let's have lunch in the park."]);
    const r = evaluate(p, "Let's have lunch in the park if it are sunny tomorrow.");
    expect(r.rating).toBeGreaterThanOrEqual(3);
    expect(r.rating).toBeLessThanOrEqual(4);
  });
});
