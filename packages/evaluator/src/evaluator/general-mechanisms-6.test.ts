/**
 * Decision 092: content-word substitutions judged from resources that cover the language, each on
 * sentences of our own (not from the bank nor any evaluation set). Word pairs the bank's lattices
 * alternate are lent to another problem where its Japanese sentence shares the word they translate
 * (大学: university / college, 会場: venue / place, 海: sea / beach) or where several problems agree
 * (interesting / fun); WordNet's multi-word expressions stand for the answer's words in the sense
 * both are mostly used in (discuss / talk about, enter / go into, by chance / accidentally). Each
 * widening sits next to a meaning error that stays ≤ 2★, and the contrast guard is tested on its own:
 * times, comparisons, verbs, sisters under one kind and antonyms are never lent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from './index';
import { lentPairs, wordNetPhrasePairs } from './lexical-alternations';
import { analyseTokens } from './analyse';
import { tokenize } from './normalize';
import { loadResources, type Resources } from './resources';
import { expectParaphraseCases, testProblems } from './test-problems';

const problem = testProblems(1600, '語の言い換えのテスト用の問題です。');

/** Japanese, accepted answer, a paraphrase graded ≥ 4★, a meaning error graded ≤ 2★. */
type Case = readonly [string, string, string, string];

// Each paraphrase below was graded 1-2★ before this mechanism (the hand-written lexicons do not
// have the pair); each meaning error changes one other word and stays ≤ 2★.
const ANCHORED: readonly Case[] = [
  // 会議: meeting / conference alternate in other problems' lattices whose Japanese has 会議.
  ['会議は三時に始まります。', 'The meeting starts at three.', 'The conference starts at three.', 'The conference starts at four.'],
  // 海: sea / beach (a kanji rare in the bank's Japanese).
  ['夏休みに家族と海へ行きました。', 'I went to the sea with my family during the summer vacation.', 'I went to the beach with my family during the summer vacation.', 'I went to the beach with my friends during the summer vacation.'],
];

const AGREED: readonly Case[] = [
  // sunny / clear: two problems' lattices agree (weather).
  ['明日は晴れるでしょう。', 'It will be sunny tomorrow.', 'It will be clear tomorrow.', 'It will be rainy tomorrow.'],
];

const WORDNET_PHRASES: readonly Case[] = [
  // investigate / look into: one synset among the commonest senses of both.
  ['警察はその事故を調べている。', 'The police are investigating the accident.', 'The police are looking into the accident.', 'The police are looking into the robbery.'],
];

describe('content-word substitutions from the bank, the Japanese and WordNet (decision 092)', () => {
  let evaluator: Evaluator;
  let res: Resources;
  beforeAll(async () => {
    evaluator = await createEvaluator();
    res = await loadResources();
  });
  const evaluate = (p: Parameters<Evaluator['evaluate']>[0], answer: string) => evaluator.evaluate(p, answer);

  it('accepts a word other lattices alternate with the answer word where the Japanese shares the word both translate', () => {
    expectParaphraseCases(evaluate, problem, ANCHORED);
  });

  it('accepts a word several problems alternate with the answer word, without an anchor', () => {
    expectParaphraseCases(evaluate, problem, AGREED);
  });

  it("accepts WordNet's multi-word expression for the answer's word in the form of the answer's verb", () => {
    expectParaphraseCases(evaluate, problem, WORDNET_PHRASES);
    const pairs = wordNetPhrasePairs({ answers: [{ index: 0, text: 'We discussed it.', normalized: 'we discussed it', tokens: analyseTokens(tokenize('We discussed it.'), res) }] }, res);
    expect(pairs).toContainEqual(['discussed', 'talked about']);
    expect(pairs).not.toContainEqual(['discussed', 'talk about']);
    // A form that may be the base or the past ("set") gives no member: "was establish" stays a slip.
    const set = wordNetPhrasePairs({ answers: [{ index: 0, text: 'They set up a company.', normalized: 'they set up a company', tokens: analyseTokens(tokenize('They set up a company.'), res) }] }, res);
    const members = set.filter(([x]) => x === 'set up').map(([, y]) => y);
    expect(members).not.toContain('establish');
    expect(members).not.toContain('established');
    // A verb with one form for all (put) is the same either way.
    expect(members).toContain('put together');
  });

  it('keeps a sister under one kind a meaning error where no shared Japanese word anchors it', () => {
    const sea = problem('夏休みに家族と海へ行きました。', ['I went to the sea with my family during the summer vacation.']);
    expect(evaluate(sea, 'I went to the pool with my family during the summer vacation.').rating).toBeLessThanOrEqual(2);
    const p = problem('私は毎週月曜日にプールで泳ぎます。', ['I swim in the pool every Monday.']);
    expect(evaluate(p, 'I swim in the sea every Monday.').rating).toBeLessThanOrEqual(2);
    expect(evaluate(p, 'I swim in the pool every Tuesday.').rating).toBeLessThanOrEqual(2);
    const temple = problem('私たちは京都で古い寺を見た。', ['We saw an old temple in Kyoto.']);
    expect(evaluate(temple, 'We saw an old castle in Kyoto.').rating).toBeLessThanOrEqual(2);
  });

  it('lends no time, comparison, degree, number or verb pair, and no antonym', () => {
    const own = (sentence: string): Set<string> => new Set(sentence.toLowerCase().split(' '));
    const lent = (japanese: string, sentence: string): string[] => lentPairs({ japanese }, own(sentence), res).map((p) => p.members.join(' ~ '));
    const pairsOf = [
      ...lent('昨日の夜はよく眠れなかった。', 'i could not sleep well last night yesterday'),
      ...lent('ケンはタカシよりも速く走ります。', 'ken runs faster than takashi more much far way'),
      ...lent('次の電車が何時に来るか教えてください。', 'what time the next train comes leaves tells told'),
      ...lent('店は十時に開きます。', 'the shop opens at ten open close two three'),
    ];
    for (const pair of pairsOf) {
      expect(pair).not.toMatch(/\b(?:yesterday|last night|tonight|more|much|far|way|faster|than|comes|leaves|tells|told|opens|open|close|two|three|ten)\b/);
    }
    // Something is lent at all for such sentences (the guard, not an empty bank, keeps these out).
    expect(lent('大学の会場', 'the university venue').length).toBeGreaterThan(0);
  });
});
