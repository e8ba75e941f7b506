/**
 * The general guards of decision 099 (slip-guards.ts), each on sentences of its own (not from the bank
 * nor any evaluation set): a tense that moves the sentence to another time is a meaning error (a past
 * for the answer's future, a future for its past, the progressive at another time, a question word's
 * did for do), while a tense a learner fails to inflect, a question's past for its future and the tense
 * of a sentence whose time a time word fixes stay tense slips (3-4★, named); a plural ending on a word
 * read as another thing (that ones) is a plural slip; who for what opening a question is a meaning error; a
 * past for the same verb's -ing is a verb-form slip.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from './index';
import { testProblems } from './test-problems';

const problem = testProblems(1800, '一般的な仕組みのテスト用の問題です。');

/** Japanese, accepted answer, the learner's answer with the time moved (≤ 2★). */
type Case = readonly [string, string, string];

const MOVED: readonly Case[] = [
  // A past for the answer's future.
  ['明日その書類をお送りします。', 'I will send you the documents.', 'I sent you the documents.'],
  ['きっと彼は来ると思う。', "I'm sure he will come.", "I'm sure he came."],
  ['来月、私たちは北海道へ行きます。', 'We will go to Hokkaido.', 'We went to Hokkaido.'],
  // A future for the answer's past.
  ['誰がこのケーキを作ったの？', 'Who made this cake?', 'Who will make this cake?'],
  ['彼女はその手紙を書いた。', 'She wrote the letter.', 'She will write the letter.'],
  // The progressive at another time.
  ['外で犬が吠えています。', 'A dog is barking outside.', 'A dog was barking outside.'],
  ['生徒たちは体育館で歌っています。', 'The students are singing in the gym.', 'The students were singing in the gym.'],
  // A question word's did for do / does.
  ['その店は何時に開きますか？', 'What time does the shop open?', 'What time did the shop open?'],
  ['普段どうやって学校に来ますか？', 'How do you come to school?', 'How did you come to school?'],
];

/** Japanese, accepted answer, the learner's tense slip (3-4★, named tense). */
const SLIPS: readonly Case[] = [
  // The verb left uninflected: a present for the past.
  ['彼はその窓を開けた。', 'He opened the window.', 'He opens the window.'],
  // A time word fixes the time whatever the tense.
  ['私は昨日その映画を見た。', 'I watched the movie yesterday.', 'I watch the movie yesterday.'],
  ['彼女は来週その本を返します。', 'She will return the book next week.', 'She returned the book next week.'],
  // The tense of a time clause follows the main clause.
  ['彼が戻るまでここで待ちましょう。', "Let's wait here until he comes back.", "Let's wait here until he came back."],
  // A question's past for its future.
  ['いつ東京に戻ってきますか？', 'When will you come back to Tokyo?', 'When did you come back to Tokyo?'],
];

describe('general guards (decision 099)', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });

  it('reads a tense that moves the sentence to another time as a meaning error (≤ 2★)', () => {
    for (const [japanese, answer, moved] of MOVED) {
      const r = evaluator.evaluate(problem(japanese, [answer]), moved);
      expect(r.rating, `${moved} for ${answer}: ${r.errors.map((e) => e.kind).join(', ')}`).toBeLessThanOrEqual(2);
      expect(r.errors.map((e) => e.kind), moved).toContain('meaning');
    }
  });

  it('keeps an uninflected verb, a tense against a time word, a time clause and a question about the future tense slips (3-4★, named)', () => {
    for (const [japanese, answer, slip] of SLIPS) {
      const r = evaluator.evaluate(problem(japanese, [answer]), slip);
      const kinds = r.errors.map((e) => e.kind);
      expect(r.rating, `${slip} for ${answer}: ${kinds.join(', ')}`).toBeGreaterThanOrEqual(3);
      expect(r.rating, slip).toBeLessThanOrEqual(4);
      expect(kinds, slip).toContain('tense');
    }
  });

  it('leaves a simple past for a simple present statement the learner slip it usually is', () => {
    const r = evaluator.evaluate(problem('私たちはその案に賛成です。', ['We agree with the plan.']), 'We agreed with the plan.');
    expect(r.rating).toBeGreaterThanOrEqual(3);
    expect(r.errors.map((e) => e.kind)).toContain('tense');
  });

  it('names a plural ending on the pronoun one a plural slip, not another number, and keeps another number a meaning error', () => {
    const p = problem('この箱はあの箱より重い。', ['This box is heavier than that one.']);
    const ones = evaluator.evaluate(p, 'This box is heavier than that ones.');
    expect(ones.rating).toBeGreaterThanOrEqual(3);
    expect(ones.rating).toBeLessThanOrEqual(4);
    expect(ones.errors.map((e) => e.kind)).toEqual(['plural']);
    const two = evaluator.evaluate(problem('私はりんごを1個買った。', ['I bought one apple.']), 'I bought two apples.');
    expect(two.rating).toBeLessThanOrEqual(2);
  });

  it('reads who for what opening a question as another question (≤ 2★), and keeps a relative which for who a word-choice slip', () => {
    const who = evaluator.evaluate(problem('昼ごはんに何を作ろうか？', ['What should we cook for lunch?']), 'Who should we cook for lunch?');
    expect(who.rating).toBeLessThanOrEqual(2);
    expect(who.errors.map((e) => e.kind)).toContain('meaning');
    const what = evaluator.evaluate(problem('誰がその歌を歌ったの？', ['Who sang the song?']), 'What sang the song?');
    expect(what.rating).toBeLessThanOrEqual(2);
    const relative = evaluator.evaluate(problem('私には東京に住んでいる友達がいます。', ['I have a friend who lives in Tokyo.']), 'I have a friend which lives in Tokyo.');
    expect(relative.rating).toBeGreaterThanOrEqual(3);
    expect(relative.errors.map((e) => e.kind)).toEqual(['word-choice']);
  });

  it("names the past where the answer has the same verb's -ing a verb-form slip, and leaves a noun for the -ing the word choice it is", () => {
    const swam = evaluator.evaluate(problem('子どもたちはプールで泳ぐのを楽しんだ。', ['The kids enjoyed swimming in the pool.']), 'The kids enjoyed swam in the pool.');
    expect(swam.rating).toBeGreaterThanOrEqual(3);
    expect(swam.rating).toBeLessThanOrEqual(4);
    expect(swam.errors.map((e) => e.kind)).toEqual(['verb-form']);
    const noun = evaluator.evaluate(problem('その単語のつづりを教えてください。', ['Please tell me the spelling of the word.']), 'Please tell me the spell of the word.');
    expect(noun.errors.map((e) => e.kind)).not.toContain('verb-form');
  });

  it('grades the same answer the same way twice', () => {
    const p = problem('明日その書類をお送りします。', ['I will send you the documents.']);
    expect(evaluator.evaluate(p, 'I sent you the documents.').rating).toBe(evaluator.evaluate(p, 'I sent you the documents.').rating);
  });
});
