/**
 * Restructured answers (decision 076, restructure.ts): the same meaning in another clause structure is
 * a paraphrase (4-5 stars), the same structure with one thing changed (person, time, place, object,
 * verb, polarity) stays a meaning error (1-2 stars), and a slip inside it is still named. Sentences of
 * the tests' own, not from the bank nor the probe sets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TBankProblem } from '../bank/types';
import { createEvaluator, type Evaluator } from './index';
import { testProblems } from './test-problems';
import type { ErrorKind } from './types';

const problem = testProblems(7600, '言い換えのテスト用の問題です。');

describe('restructured answers (decision 076)', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });
  const graded = (p: TBankProblem, answer: string): string => {
    const r = evaluator.evaluate(p, answer);
    return `${answer} → ${r.rating}★ ${r.errors.map((e) => `${e.kind}(${e.words.join(' ')}→${e.expected.join(' ')})`).join(', ')}`;
  };
  const stars = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
  const paraphrase = (p: TBankProblem, answer: string): void => {
    expect(stars(p, answer), graded(p, answer)).toBeGreaterThanOrEqual(4);
  };
  const meaning = (p: TBankProblem, answer: string): void => {
    expect(stars(p, answer), graded(p, answer)).toBeLessThanOrEqual(2);
  };
  const slip = (p: TBankProblem, answer: string, kind: ErrorKind): void => {
    const r = evaluator.evaluate(p, answer);
    expect(r.rating, graded(p, answer)).toBeGreaterThanOrEqual(3);
    expect(r.rating, graded(p, answer)).toBeLessThanOrEqual(4);
    expect(r.errors.map((e) => e.kind), graded(p, answer)).toContain(kind);
  };

  it('reads an it-cleft, a the-one cleft and a the-person cleft as the plain sentence', () => {
    const VASE = problem('花瓶を割ったのはケンだ。', ['Ken broke the vase.']);
    const KYOTO = problem('彼女とは京都で会った。', ['I met her in Kyoto.']);
    const CALLED = problem('昨夜トムが電話してきた。', ['Tom called me last night.']);
    const PARTY = problem('パーティーでトムに会った。', ['I met Tom at the party.']);
    paraphrase(VASE, 'It was Ken who broke the vase.');
    paraphrase(VASE, 'It was Ken that broke the vase.');
    meaning(VASE, 'It was Mike who broke the vase.');
    meaning(VASE, 'It was Ken who bought the vase.');
    slip(VASE, 'It were Ken who broke the vase.', 'subject-verb');
    slip(VASE, 'It was Ken who breaked the vase.', 'verb-form');
    paraphrase(KYOTO, 'It was in Kyoto that I met her.');
    meaning(KYOTO, 'It was in Osaka that I met her.');
    meaning(KYOTO, 'It was in Kyoto that I met him.');
    paraphrase(CALLED, 'Tom was the one who called me last night.');
    paraphrase(CALLED, 'The one who called me last night was Tom.');
    meaning(CALLED, 'Tom was the one who called me this morning.');
    meaning(CALLED, 'The one who called me last night was Mary.');
    paraphrase(PARTY, 'The person I met at the party was Tom.');
    meaning(PARTY, 'The person I met at the party was Ken.');
    meaning(PARTY, 'The person I met at the station was Tom.');
  });

  it('reads an answer that is a cleft itself in the plain sentence and in another cleft', () => {
    const NEWS = problem('その知らせを教えてくれたのはメアリーだった。', ['It was Mary who told me the news.']);
    const STATION = problem('駅で会ったのはトムだった。', ['The person I met at the station was Tom.']);
    paraphrase(NEWS, 'Mary told me the news.');
    paraphrase(NEWS, 'Mary was the one who told me the news.');
    meaning(NEWS, 'Jane told me the news.');
    meaning(NEWS, 'Mary was the one who told me the rumor.');
    paraphrase(STATION, 'I met Tom at the station.');
    meaning(STATION, 'I met Tom at the airport.');
  });

  it('reads "X is where ..." and "This is the N where ..." as the place said after the clause', () => {
    const BORN = problem('祖父は大阪で生まれた。', ['My grandfather was born in Osaka.']);
    const TOWN = problem('私はこの町で生まれた。', ['I was born in this town.']);
    paraphrase(BORN, 'Osaka is where my grandfather was born.');
    meaning(BORN, 'Kobe is where my grandfather was born.');
    meaning(BORN, 'Osaka is where my grandmother was born.');
    paraphrase(TOWN, 'This town is where I was born.');
    paraphrase(TOWN, 'This is the town where I was born.');
    meaning(TOWN, 'This is the town where I grew up.');
  });

  it('reads "How come ...?", "What made you ...?" and "Where was it that ...?" as the wh-question', () => {
    const PARTY = problem('どうしてパーティーを早く帰ったの？', ['Why did you leave the party early?']);
    const TIRED = problem('どうしてそんなに疲れているの？', ['Why are you so tired?']);
    const EARLY = problem('お兄さんはどうしてそんなに早く起きるの？', ['Why does your brother get up so early?']);
    const MEET = problem('どこで彼女に会ったの？', ['Where did you meet her?']);
    const PAINTED = problem('誰がこの絵を描いたの？', ['Who painted this picture?']);
    paraphrase(PARTY, 'How come you left the party early?');
    paraphrase(PARTY, 'What made you leave the party early?');
    meaning(PARTY, 'How come you left the party late?');
    meaning(PARTY, 'How come she left the party early?');
    slip(PARTY, 'How come you leave the party early?', 'tense');
    paraphrase(TIRED, 'How come you are so tired?');
    paraphrase(TIRED, "how come youre so tired");
    meaning(TIRED, 'How come you are so happy?');
    paraphrase(EARLY, 'How come your brother gets up so early?');
    slip(EARLY, 'How come your brother get up so early?', 'agreement');
    meaning(EARLY, 'How come your sister gets up so early?');
    paraphrase(MEET, 'Where was it that you met her?');
    meaning(MEET, 'Where was it that you met him?');
    paraphrase(PAINTED, 'Who was it that painted this picture?');
    meaning(PAINTED, 'Who was it that bought this picture?');
  });

  it('reads "All I want is ..." as the pseudo-cleft', () => {
    const BIKE = problem('欲しいのは新しい自転車だ。', ['What I want is a new bike.']);
    const HOLIDAY = problem('長い休みが必要だ。', ['I need a long holiday.']);
    paraphrase(BIKE, 'All I want is a new bike.');
    meaning(BIKE, 'All I want is a new car.');
    paraphrase(HOLIDAY, 'All I need is a long holiday.');
    meaning(HOLIDAY, 'All I need is a short holiday.');
  });

  it('reads a subject relative clause said as a sentence of its own', () => {
    const FRIEND = problem('ロンドンに住んでいる友達がいる。', ['I have a friend who lives in London.']);
    const TEMPLE = problem('500年前に建てられた寺を訪れた。', ['We visited a temple which was built 500 years ago.']);
    paraphrase(FRIEND, 'I have a friend. He lives in London.');
    paraphrase(FRIEND, 'I have a friend, and she lives in London.');
    meaning(FRIEND, 'I have a friend. He works in London.');
    meaning(FRIEND, 'I have a friend. He lives in Paris.');
    paraphrase(TEMPLE, 'We visited a temple. It was built 500 years ago.');
    meaning(TEMPLE, 'We visited a temple. It was built 50 years ago.');
  });

  it('reads the active for a passive with by, and keeps the roles and the verb', () => {
    const PRAISED = problem('エミは先生にほめられた。', ['Emi was praised by the teacher.']);
    const LETTER = problem('その手紙は祖母が書いた。', ['The letter was written by my grandmother.']);
    const SONG = problem('この歌は多くの若者に愛されている。', ['This song is loved by many young people.']);
    paraphrase(PRAISED, 'The teacher praised Emi.');
    meaning(PRAISED, 'The teacher scolded Emi.');
    meaning(PRAISED, 'Emi praised the teacher.');
    paraphrase(LETTER, 'My grandmother wrote the letter.');
    meaning(LETTER, 'My grandfather wrote the letter.');
    slip(LETTER, 'My grandmother writed the letter.', 'verb-form');
    paraphrase(SONG, 'Many young people love this song.');
    slip(SONG, 'Many young people loves this song.', 'agreement');
    meaning(SONG, 'Many young people hate this song.');
  });

  it('reads raising and a to-infinitive for a that-clause with the same subject', () => {
    const ANGRY = problem('彼女は怒っているようだ。', ['It seems that she is angry.']);
    const WALLET = problem('彼は財布をなくしたようだ。', ['It seems that he lost his wallet.']);
    const CASTLE = problem('その城は400年前のものだと言われている。', ['It is said that the castle is 400 years old.']);
    const RACE = problem('彼女はレースに勝ちそうだ。', ['It is likely that she will win the race.']);
    const WORK = problem('彼は仕事を終えたと言った。', ['He said that he had finished the work.']);
    const EXAM = problem('彼女は試験に受かりたいと思っている。', ['She hopes that she will pass the exam.']);
    paraphrase(ANGRY, 'She seems to be angry.');
    meaning(ANGRY, 'She seems to be happy.');
    paraphrase(WALLET, 'He seems to have lost his wallet.');
    meaning(WALLET, 'She seems to have lost his wallet.');
    meaning(WALLET, 'He seems to have lost his phone.');
    paraphrase(CASTLE, 'The castle is said to be 400 years old.');
    meaning(CASTLE, 'The castle is said to be 300 years old.');
    paraphrase(RACE, 'She is likely to win the race.');
    meaning(RACE, 'She is likely to lose the race.');
    paraphrase(WORK, 'He claimed to have finished the work.');
    meaning(WORK, 'He claimed to have started the work.');
    paraphrase(EXAM, 'She hopes to pass the exam.');
    meaning(EXAM, 'She hopes to fail the exam.');
  });

  it('reads before / after + -ing for a time clause with the main clause subject', () => {
    const DISHES = problem('彼は寝る前に皿を洗った。', ['He washed the dishes before he went to bed.']);
    const HOMEWORK = problem('宿題を終えた後、彼女はテレビを見た。', ['After she had finished her homework, she watched TV.']);
    paraphrase(DISHES, 'He washed the dishes before going to bed.');
    meaning(DISHES, 'He washed the dishes after going to bed.');
    paraphrase(HOMEWORK, 'After finishing her homework, she watched TV.');
    paraphrase(HOMEWORK, 'After having finished her homework, she watched TV.');
    meaning(HOMEWORK, 'Before finishing her homework, she watched TV.');
  });

  it('reads "the reason ... is that", "that is why" and "that is because" as because / so', () => {
    const LATE = problem('電車が遅れたので遅刻した。', ['I was late because the train was delayed.']);
    const ICY = problem('道が凍っていたのでゆっくり運転した。', ['The road was icy, so we drove slowly.']);
    paraphrase(LATE, 'The reason I was late is that the train was delayed.');
    paraphrase(LATE, "The train was delayed. That's why I was late.");
    paraphrase(LATE, "I was late. That's because the train was delayed.");
    meaning(LATE, 'The reason I was late is that the bus was delayed.');
    meaning(LATE, "I was late. That's why the train was delayed.");
    meaning(LATE, 'The reason the train was delayed is that I was late.');
    paraphrase(ICY, 'The reason we drove slowly was that the road was icy.');
    meaning(ICY, "The road was icy. That's why we drove fast.");
  });

  it('reads a sentence adverb for "It is ADJ that ..." and the other way round', () => {
    const CALL = problem('彼が電話してこなかったのは不思議だ。', ['It is strange that he did not call me.']);
    const HURT = problem('幸い事故でけが人はいなかった。', ['Luckily, nobody was hurt in the accident.']);
    paraphrase(CALL, 'Strangely, he did not call me.');
    meaning(CALL, 'Strangely, he called me.');
    meaning(CALL, 'Luckily, he did not call me.');
    meaning(CALL, 'Strangely, she did not call me.');
    paraphrase(HURT, 'It was lucky that nobody was hurt in the accident.');
    meaning(HURT, 'It was lucky that everybody was hurt in the accident.');
  });

  it('reads two clauses the other way round with a pronoun and its noun trading places', () => {
    const REPORT = problem('報告書を書き終えたら、私に送ってください。', ['When you finish the report, please send it to me.']);
    const ENGLISH = problem('その本は英語で書かれているので私には難しい。', ['The book is difficult for me because it is written in English.']);
    paraphrase(REPORT, 'Please send the report to me when you finish it.');
    meaning(REPORT, 'Please send the report to me when you start it.');
    paraphrase(ENGLISH, 'The book is written in English, so it is difficult for me.');
    meaning(ENGLISH, 'The book is written in French, so it is difficult for me.');
    meaning(ENGLISH, 'The book is difficult for me, so it is written in English.');
  });

  it('reads a reporting clause moved to the end', () => {
    const TRUTH = problem('彼は本当のことを言っていると思う。', ['I think he is telling the truth.']);
    const LIKE = problem('きっと彼女は気に入るよ。', ["I'm sure she will like it."]);
    expect(stars(TRUTH, 'He is telling the truth, I think.')).toBe(5);
    expect(stars(TRUTH, 'he is telling the truth i think')).toBe(5);
    meaning(TRUTH, 'He is telling a lie, I think.');
    meaning(TRUTH, 'She is telling the truth, I think.');
    paraphrase(LIKE, "She will like it, I'm sure.");
    meaning(LIKE, "She will hate it, I'm sure.");
    meaning(LIKE, "She will like it, I'm not sure.");
  });
});
