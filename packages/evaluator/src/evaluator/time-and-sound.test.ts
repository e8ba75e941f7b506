/**
 * Decision 082, on sentences of their own (not from the bank nor any evaluation set):
 * - a tense change that moves the time the Japanese sentence fixes is a meaning error (a past of be /
 *   have for a present state, will / going for a past event), while the learner's typical tense slips
 *   (present for past, a past with a time word that keeps the time, other verbs in the past, a
 *   condition's past) stay 3-4 stars named tense;
 * - before or after for another word that places the event in time (within, during, while) is a
 *   meaning error, while in for within stays a preposition slip;
 * - a word spelled by its sound or the katakana way is a spelling slip of the answer's word, while
 *   another word stays a meaning error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from './index';
import { testProblems } from './test-problems';
import { japaneseTime } from './translations';
import { soundKey, soundsAlike } from './sound-spelling';

const problem = testProblems(1400, '時と音のテスト用の問題です。');

/** Japanese, accepted answer, learner's answer, the stars allowed, the error kind named (if any). */
type Case = readonly [string, string, string, readonly [number, number], string?];

const TIME_CASES: readonly Case[] = [
  // The state no longer holds, or the event moves to the future: meaning errors.
  ['私は犬を3匹飼っています。', 'I have three dogs.', 'I had three dogs.', [1, 2], 'meaning'],
  ['駅の近くに図書館があります。', 'There is a library near the station.', 'There was a library near the station.', [1, 2], 'meaning'],
  ['姉は看護師です。', 'My sister is a nurse.', 'My sister was a nurse.', [1, 2], 'meaning'],
  ['誰がこの歌を作りましたか。', 'Who wrote this song?', 'Who will write this song?', [1, 2], 'meaning'],
  ['先月京都を訪れました。', 'I visited Kyoto last month.', 'I will visit Kyoto last month.', [1, 2], 'meaning'],
  // The learner's tense slips: the same time, another form.
  ['誰がこの歌を作りましたか。', 'Who wrote this song?', 'Who writes this song?', [3, 4], 'tense'],
  ['毎朝何時に起きますか。', 'What time do you get up every morning?', 'What time did you get up every morning?', [3, 4], 'tense'],
  ['私たちはその計画に賛成しています。', 'We agree with the plan.', 'We agreed with the plan.', [3, 4], 'tense'],
  ['私は犬を3匹飼っています。', 'I have three dogs.', "I'm having three dogs.", [3, 4], 'tense'],
  ['私は家族に会っていました。', 'I had been to see my family.', 'I have been to see my family.', [3, 4], 'tense'],
  // Before / after for another word that places the event in time: meaning errors.
  ['7日以内にお支払いください。', 'Please pay within seven days.', 'Please pay after seven days.', [1, 2], 'meaning'],
  ['私は昼食の後に散歩します。', 'I take a walk after lunch.', 'I take a walk during lunch.', [1, 2], 'meaning'],
  ['彼はテレビを見ながら夕食を食べた。', 'He ate dinner while he watched TV.', 'He ate dinner after he watched TV.', [1, 2], 'meaning'],
  // During / within for in, at before after: slips.
  ['7日以内にお支払いください。', 'Please pay within seven days.', 'Please pay in seven days.', [3, 4], 'preposition'],
];

const SOUND_CASES: readonly Case[] = [
  ['今夜は早く寝ます。', 'I will go to bed early tonight.', 'I will go to bed early tonite.', [3, 4], 'spelling'],
  ['その部屋は明るい。', 'The room is bright.', 'The room is brite.', [3, 4], 'spelling'],
  ['湖のそばを歩いた。', 'We walked by the lake.', 'We walked by the leik.', [3, 4], 'spelling'],
  ['このシャツは私にぴったりだ。', 'This shirt fits me well.', 'This shirt fitto me well.', [3, 4]],
  // Another word is still another word.
  ['湖のそばを歩いた。', 'We walked by the lake.', 'We walked by the river.', [1, 2]],
  ['その部屋は明るい。', 'The room is bright.', 'The room is dark.', [1, 2]],
];

describe('tense against the Japanese and sound spelling (decision 082)', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });
  const check = (cases: readonly Case[]): void => {
    for (const [japanese, answer, learner, [min, max], kind] of cases) {
      const r = evaluator.evaluate(problem(japanese, [answer]), learner);
      const kinds = r.errors.map((e) => e.kind).join(', ');
      expect(r.rating, `${learner} for ${answer}: ${kinds}`).toBeGreaterThanOrEqual(min);
      expect(r.rating, `${learner} for ${answer}: ${kinds}`).toBeLessThanOrEqual(max);
      if (kind) expect(r.errors[0]?.kind, `${learner} for ${answer}: ${kinds}`).toBe(kind);
    }
  };
  it('reads the time of the Japanese sentence from its final predicate', () => {
    expect(japaneseTime('私はネコを2匹飼っています。')).toBe('nonpast');
    expect(japaneseTime('誰がこの絵を描きましたか？')).toBe('past');
    expect(japaneseTime('昨日は寒かったね。')).toBe('past');
    expect(japaneseTime('彼は学生だ。')).toBe('nonpast');
    expect(japaneseTime('駅で友達に会ったんだ。')).toBe('past');
    expect(japaneseTime(undefined)).toBeUndefined();
  });
  it('makes a past of be / have for a present state, a future for a past event and before / after for another time word meaning errors, and keeps the tense and preposition slips', () => check(TIME_CASES));
  it('keys words by their sound: long vowels spelled two ways meet, short and long stay apart', () => {
    expect(soundKey('nite')).toBe(soundKey('night'));
    expect(soundKey('keik')).toBe(soundKey('cake'));
    expect(soundKey('fitto')).toBe(soundKey('fit'));
    expect(soundsAlike('hat', 'hate')).toBe(false);
    expect(soundsAlike('lake', 'like')).toBe(false);
  });
  it('reads a word spelled by its sound as a spelling slip of the answer word, and another word as a meaning error', () => check(SOUND_CASES));
});
