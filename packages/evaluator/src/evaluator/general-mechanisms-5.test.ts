/**
 * The general mechanisms of decision 085, each on sentences of its own (not from the bank nor any
 * evaluation set): roles turned round (who gives and who receives, what a thing turns from and into),
 * the person a thing goes to said with to / for, katakana English as a word-choice slip, when for by
 * the time with a perfect, words the sentence carries without them, and restructurings keyed to the
 * grammar point (as ... as after a negative subject, -able for can be + participle, X like for popular
 * with, the weather as a clause for because of the rain, regret for wish / should have, said I could for
 * let me), lexicon families (make a choice, off, behind the wheel, as soon as you can), the past of a
 * state verb against a present Japanese state, and the slip names the sets agree on. Every widening sits next to a near miss with the meaning changed that stays ≤ 2★.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from './index';
import { expectParaphraseCases, testProblems } from './test-problems';

const problem = testProblems(1500, '一般的な仕組みのテスト用の問題です。');

/** Japanese, accepted answer, a paraphrase graded ≥ 4★, a meaning error graded ≤ 2★. */
type Case = readonly [string, string, string, string];

/** Japanese, accepted answer, the roles turned round (≤ 2★), the same roles from the other end (≥ 4★). */
const ROLE_CASES: readonly Case[] = [
  ['兄に本をあげた。', 'I gave my brother a book.', 'I gave a book to my brother.', 'I got a book from my brother.'],
  ['彼に時計をあげた。', 'I gave him a watch.', 'He got a watch from me.', 'I got a watch from him.'],
  ['母に花を買ってあげた。', 'I bought my mother some flowers.', 'I bought some flowers for my mother.', 'I bought some flowers from my mother.'],
  ['姉が私に手紙を送ってくれた。', 'My sister sent me a letter.', 'My sister sent a letter to me.', 'My sister sent a letter from me.'],
  ['彼は私たちに写真を見せた。', 'He showed us the photos.', 'He showed the photos to us.', 'He was shown the photos by us.'],
];

const CHANGE_CASES: readonly Case[] = [
  ['雨が雪に変わった。', 'The rain turned into snow.', 'The rain became snow.', 'The snow turned into rain.'],
  ['水が氷に変わった。', 'The water turned into ice.', 'The water became ice.', 'The ice turned into water.'],
];

const OPTIONAL_CASES: readonly Case[] = [
  ['彼はクラスの誰よりも速く走る。', 'He runs faster than anyone else in his class.', 'He runs faster than anyone in his class.', 'He runs slower than anyone in his class.'],
  ['私は今、台所で料理をしています。', 'I am cooking in the kitchen now.', "I'm cooking in the kitchen.", "I'm cooking in the garden."],
  ['彼女はその本を読んだと言った。', 'She said she had read the book.', 'She told me she had read the book.', 'She told me she had lost the book.'],
  ['窓を開けてください。', 'Please open the window.', 'Please open the window for me.', 'Please close the window for me.'],
  ['彼は試験に合格したと言った。', 'He said he had passed the exam.', "He said he'd passed the exam.", "He said he'd failed the exam."],
];

const STRUCTURE_CASES: readonly Case[] = [
  ['クラスの誰も彼女ほど速く走れない。', 'Nobody in the class runs faster than she does.', 'Nobody in the class runs as fast as she does.', 'Nobody in the class runs as slowly as she does.'],
  ['この町の誰も彼ほど熱心に働かない。', 'Nobody in this town works harder than he does.', 'Nobody in this town works as hard as he does.', 'Nobody in this town works as hard as she does.'],
  ['このチケットは払い戻しできます。', 'This ticket can be refunded.', 'This ticket is refundable.', 'This ticket is not refundable.'],
  ['その商品は7日以内なら交換できます。', 'The item can be exchanged within 7 days.', 'The item is exchangeable within 7 days.', 'The item is exchangeable within 70 days.'],
  ['そのゲームは子どもに人気がある。', 'The game is popular with children.', 'Children like the game.', 'Children hate the game.'],
  ['その歌は若者だけでなく大人にも人気がある。', 'The song is popular not only with teenagers but also with adults.', 'Both teenagers and adults like the song.', 'Both teenagers and adults hate the song.'],
  ['大雪のせいで、電車が止まった。', 'The trains stopped because of the heavy snow.', 'It snowed so hard that the trains stopped.', 'It rained so hard that the trains stopped.'],
  ['大雪のせいで、電車が止まった。', 'The trains stopped because of the heavy snow.', 'The trains stopped because it snowed heavily.', 'The trains started because it snowed heavily.'],
  ['もっと勉強しておけばよかった。', 'I wish I had studied harder.', 'I regret not studying harder.', 'I regret studying harder.'],
  ['もっと勉強しておけばよかった。', 'I should have studied harder.', "I regret that I didn't study harder.", "I regret that she didn't study harder."],
  ['母は私にケーキを食べさせてくれた。', 'My mother let me eat the cake.', 'My mother said I could eat the cake.', 'My mother said I could not eat the cake.'],
  ['先生は私たちに早く帰らせてくれた。', 'The teacher allowed us to go home early.', 'The teacher said we could go home early.', 'The teacher said they could go home early.'],
  ['早く返事をください。', 'Please reply soon.', 'Please reply as soon as you can.', 'Please reply as late as you can.'],
  ['彼らが駅に着くころには、電車はもう出発しているだろう。', 'The train will have already left by the time they get to the station.', 'The train will have already left when they get to the station.', 'The train will have already arrived when they get to the station.'],
];

const LEXICON_CASES: readonly Case[] = [
  ['どの大学に行くか決めなさい。', 'Decide which college to go to.', 'Make a choice about which college to go to.', 'Make a mistake about which college to go to.'],
  ['すぐに決める必要はない。', 'You do not have to make a decision right away.', 'You do not have to make a choice right away.', 'You do not have to make a reservation right away.'],
  ['テレビは消えている。', 'The TV is turned off.', 'The TV is off.', 'The TV is on.'],
  ['会議中は携帯の電源を切っておいてください。', 'Please keep your phone turned off during the meeting.', 'Please keep your phone off during the meeting.', 'Please keep your phone on during the meeting.'],
  ['私は今日休みです。', 'I have the day off today.', 'I am off today.', 'I am off tomorrow.'],
  ['事故のとき父が運転していた。', 'My father was driving at the time of the accident.', 'My father was behind the wheel at the time of the accident.', 'My mother was behind the wheel at the time of the accident.'],
];

describe('general mechanisms, fourth round (decision 085)', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });
  const evaluate = (p: Parameters<Evaluator['evaluate']>[0], answer: string) => evaluator.evaluate(p, answer);

  it('reads who gives and who receives turned round as a meaning error, and the same roles from the other end as a paraphrase', () => {
    expectParaphraseCases(evaluate, problem, ROLE_CASES);
  });

  it('reads what a thing changes from and into turned round as a meaning error', () => {
    expectParaphraseCases(evaluate, problem, CHANGE_CASES);
  });

  it('lets words the sentence carries without them cost nothing (else after anyone, now with a progressive, the person after tell, for me in a request)', () => {
    expectParaphraseCases(evaluate, problem, OPTIONAL_CASES);
  });

  it('keeps else after anything where a comparison names a thing (the frozen set names it a missing word)', () => {
    const p = problem('健康は何よりも大切だ。', ['Health is more important than anything else.']);
    const r = evaluate(p, 'Health is more important than anything.');
    expect(r.errors.map((e) => e.kind)).toContain('missing-word');
  });

  it('accepts restructurings keyed to the grammar point (as ... as after a negative subject, -able, X like, when for by the time with a perfect, the weather as a clause, regret, said I could)', () => {
    expectParaphraseCases(evaluate, problem, STRUCTURE_CASES);
  });

  it('groups make a choice with decide, off with turned off and the day off, behind the wheel with driving', () => {
    expectParaphraseCases(evaluate, problem, LEXICON_CASES);
  });

  it('reads the past of a state verb for a present Japanese state as a meaning error, named as a tense (not a spelling) where the sentence moves no time', () => {
    const p = problem('おばは大阪に住んでいます。', ['My aunt lives in Osaka.']);
    const moved = evaluate(p, 'My aunt lived in Osaka.');
    expect(moved.rating).toBeLessThanOrEqual(2);
    expect(moved.errors.map((e) => e.kind)).not.toContain('spelling');
    const past = problem('おばは大阪に住んでいた。', ['My aunt lived in Osaka.']);
    const slip = evaluate(past, 'My aunt lives in Osaka.');
    expect(slip.errors.map((e) => e.kind)).toEqual(['tense']);
  });

  it('names a past after did and an -ing after a modal the verb form, as the sets do', () => {
    const drew = evaluate(problem('誰がこの手紙を書いたの？', ['Who wrote this letter?']), 'Who did wrote this letter?');
    expect(drew.rating).toBeGreaterThanOrEqual(3);
    expect(drew.errors.map((e) => e.kind)).toEqual(['verb-form']);
    const eating = evaluate(problem('もっと早く寝るべきだ。', ['You should go to bed earlier.', 'You should be going to bed earlier.']), 'You should going to bed earlier.');
    expect(eating.rating).toBeGreaterThanOrEqual(3);
    expect(eating.errors.map((e) => e.kind)).toEqual(['verb-form']);
  });

  it("names a verb's missing -s after a singular subject agreement, and a noun's missing -s plural", () => {
    const verb = evaluate(problem('天気が変わったら、教えてください。', ['If the weather changes, please tell me.']), 'If the weather change, please tell me.');
    expect(verb.errors.map((e) => e.kind)).toEqual(['agreement']);
    const noun = evaluate(problem('必要な本は全部この棚にあります。', ['All the books you need are on this shelf.']), 'All the book you need are on this shelf.');
    expect(noun.errors.map((e) => e.kind)).toEqual(['plural']);
  });

  it('names katakana English a word-choice slip of the word it stands for (3-4★), not a meaning error', () => {
    const cases: readonly (readonly [string, string, string])[] = [
      ['このネクタイはそのシャツによく合う。', 'This tie goes well with that shirt.', 'This tie fits well with that shirt.'],
      ['このマンションに住んでいます。', 'I live in this apartment.', 'I live in this mansion.'],
      ['先生にカンニングが見つかった。', 'The teacher caught me cheating.', 'The teacher caught me cunning.'],
    ];
    for (const [japanese, answer, slip] of cases) {
      const r = evaluate(problem(japanese, [answer]), slip);
      expect(r.rating, `${slip}: ${r.errors.map((e) => e.kind).join(', ')}`).toBeGreaterThanOrEqual(3);
      expect(r.rating, slip).toBeLessThanOrEqual(4);
      expect(r.errors.map((e) => e.kind), slip).toContain('word-choice');
    }
    // Another thing is still another thing.
    const other = evaluate(problem('このネクタイはそのシャツによく合う。', ['This tie goes well with that shirt.']), 'This tie goes well with that jacket.');
    expect(other.rating).toBeLessThanOrEqual(2);
  });
});
