import { beforeAll, describe, expect, it } from 'vitest';
import type { TBankProblem } from '../bank/types';
import {
  ALL_PROBLEMS,
  BOOKS,
  CAR,
  CHILDREN,
  DOCTOR,
  DOCUMENTS,
  DOG,
  INFO,
  LOOKING,
  MEETING,
  PARK,
  RAIN,
  TENNIS,
  TOKYO,
  WAKE,
  WALK,
  WHAT,
} from './evaluator.fixtures';
import { createEvaluator, type Evaluator } from './index';
import { ERROR_KINDS, ZEvaluation, type ErrorKind } from './types';

/** [problem, learner answer, [min, max] stars, error kind that must be named, must be 別解]. */
type Case = [TBankProblem, string, [number, number], ErrorKind?, boolean?];

const CASES: Case[] = [
  // ── PARK: exact, alternatives, normalisation variants ───────────────────────
  [PARK, 'I went to the park yesterday.', [5, 5], undefined, false],
  [PARK, 'I visited the park yesterday.', [5, 5], undefined, true],
  [PARK, 'I went to a park yesterday.', [5, 5], undefined, true],
  [PARK, 'i went to the park yesterday', [5, 5], undefined, false],
  [PARK, 'I WENT TO THE PARK YESTERDAY!!!', [5, 5]],
  [PARK, 'Ｉ ｗｅｎｔ ｔｏ ｔｈｅ ｐａｒｋ ｙｅｓｔｅｒｄａｙ。', [5, 5]],
  [PARK, '  I went   to the park\tyesterday . ', [5, 5]],
  [PARK, 'I went to the park yesterday 😀', [5, 5]],
  // Valid alternative order: the time adverbial moved to the front.
  [PARK, 'Yesterday I went to the park.', [4, 5]],
  [PARK, 'Yesterday, I visited the park!', [4, 5]],
  // One error each.
  [PARK, 'I go to the park yesterday.', [3, 4], 'tense'],
  [PARK, 'I went to park yesterday.', [4, 4], 'article'],
  [PARK, 'I went the park yesterday.', [3, 4], 'preposition'],
  [PARK, 'I goed to the park yesterday.', [3, 4], 'verb-form'],
  [PARK, 'I went to the prak yesterday.', [4, 4], 'spelling'],
  [PARK, 'I went to the park yesterdy.', [4, 4], 'spelling'],
  [PARK, 'I went yesterday to the park.', [3, 4], 'word-order'],
  [PARK, 'I went to the big park yesterday.', [3, 4], 'extra-word'],
  [PARK, 'I went to the park.', [2, 3], 'missing-word'],
  [PARK, 'I went to the zoo yesterday.', [1, 2], 'meaning'],
  [PARK, 'I went to 公園 yesterday.', [2, 3], 'word-choice'],
  // Several errors, clearly wrong, unrelated, empty.
  [PARK, 'Yesterday I go to park.', [2, 3], 'tense'],
  [PARK, 'I go to park.', [1, 2]],
  [PARK, 'park', [1, 2]],
  [PARK, 'I like cats.', [1, 1]],
  [PARK, 'The weather is nice today.', [1, 1]],
  [PARK, '', [1, 1]],
  [PARK, '    ', [1, 1]],
  [PARK, '私は昨日公園に行きました。', [1, 1]],
  [PARK, '😀😀😀', [1, 1]],
  [PARK, '?!...', [1, 1]],
  [PARK, '12345', [1, 1]],
  [PARK, 'park yesterday went I to the', [1, 2], 'word-order'],
  [PARK, 'I went to the the park yesterday.', [4, 4], 'article'],

  // ── WALK: third person singular ─────────────────────────────────────────────
  [WALK, 'She walks to school every day.', [5, 5], undefined, false],
  [WALK, 'She goes to school on foot every day.', [5, 5], undefined, true],
  [WALK, 'Every day she walks to school.', [5, 5], undefined, true],
  [WALK, 'She walk to school every day.', [3, 4], 'agreement'],
  [WALK, 'She go to school on foot every day.', [3, 4], 'agreement'],
  [WALK, 'She walks to the school every day.', [4, 4], 'article'],
  [WALK, 'She walks school every day.', [3, 4], 'preposition'],
  [WALK, 'She walked to school every day.', [3, 4], 'tense'],
  [WALK, 'She walks to school.', [2, 3], 'missing-word'],
  [WALK, 'He walks to school every day.', [1, 2], 'meaning'],
  [WALK, 'She walks to school everyday.', [4, 4], 'spelling'],
  [WALK, 'She walk to the school everyday.', [2, 3]],

  // ── TOKYO: present perfect, contractions, numbers ───────────────────────────
  [TOKYO, 'I have lived in Tokyo for ten years.', [5, 5], undefined, false],
  [TOKYO, "I've lived in Tokyo for 10 years.", [5, 5], undefined, false],
  [TOKYO, 'I have been living in Tokyo for ten years.', [5, 5], undefined, true],
  [TOKYO, 'I’ve been living in Tokyo for ten years', [5, 5], undefined, true],
  [TOKYO, 'I live in Tokyo for ten years.', [3, 4], 'tense'],
  [TOKYO, 'I lived in Tokyo for ten years.', [3, 4], 'tense'],
  [TOKYO, 'I have lived in Tokyo since ten years.', [3, 4], 'preposition'],
  [TOKYO, 'I have live in Tokyo for ten years.', [3, 4], 'verb-form'],
  [TOKYO, 'I have lived in Tokyo for ten year.', [4, 4], 'plural'],
  [TOKYO, 'I have lived Tokyo for ten years.', [3, 4], 'preposition'],
  [TOKYO, 'I has lived in Tokyo for ten years.', [3, 4], 'subject-verb'],
  [TOKYO, 'I have lived in Tokio for ten years.', [4, 4], 'spelling'],
  [TOKYO, 'I have lived in Tokyo.', [2, 3], 'missing-word'],
  [TOKYO, "I'm living in Tokyo since 10 years.", [2, 3]],
  [TOKYO, 'Tokyo is a big city.', [1, 2]],

  // ── WHAT: word order in questions ───────────────────────────────────────────
  [WHAT, 'What is this?', [5, 5], undefined, false],
  [WHAT, "what's this", [5, 5], undefined, false],
  [WHAT, 'What is this thing?', [5, 5], undefined, true],
  [WHAT, 'This is what?', [3, 4], 'word-order'],
  [WHAT, 'What this is?', [3, 4], 'word-order'],
  [WHAT, 'What are this?', [3, 4], 'subject-verb'], // be agrees with the subject: 主語と動詞の一致 (decision 016)
  [WHAT, 'What is that?', [3, 4], 'word-choice'],
  [WHAT, 'What this?', [3, 4], 'missing-word'],
  [WHAT, 'Where is this?', [2, 3], 'word-choice'],

  // ── DOG: articles and synonyms ──────────────────────────────────────────────
  [DOG, 'I have a big dog.', [5, 5], undefined, false],
  [DOG, 'I own a big dog.', [5, 5], undefined, true],
  [DOG, 'I have a large dog.', [5, 5], undefined, true],
  [DOG, 'I have big dog.', [4, 4], 'article'],
  [DOG, 'I have an big dog.', [4, 4], 'article'],
  [DOG, 'I have the big dog.', [4, 4], 'article'],
  [DOG, 'I have a big dogs.', [4, 4], 'plural'],
  [DOG, 'I has a big dog.', [3, 4], 'agreement'], // main-verb have takes the 三単現 -s like any verb
  [DOG, 'I have a bgi dog.', [4, 4], 'spelling'],
  [DOG, 'I have a dog.', [2, 3], 'missing-word'],
  [DOG, 'I have a big cat.', [1, 2], 'meaning'],
  [DOG, 'I have big dogs.', [2, 4]],
  [DOG, 'I have one big dog.', [5, 5], undefined, true],
  [DOG, 'I am having a big dog.', [3, 4]],

  // ── BOOKS: plurals and phrase synonyms ──────────────────────────────────────
  [BOOKS, 'I have a lot of books.', [5, 5], undefined, false],
  [BOOKS, 'I have many books.', [5, 5], undefined, true],
  [BOOKS, 'I have lots of books.', [5, 5], undefined, true],
  [BOOKS, 'I have many book.', [4, 4], 'plural'],
  [BOOKS, 'I have a lot of book.', [4, 4], 'plural'],
  [BOOKS, 'I have alot of books.', [4, 4], 'spelling'],
  [BOOKS, 'I have much books.', [3, 4], 'word-choice'],
  [BOOKS, 'I have a books.', [1, 3]],

  // ── CAR: irregular past ─────────────────────────────────────────────────────
  [CAR, 'I bought a new car.', [5, 5], undefined, false],
  [CAR, 'I purchased a new car.', [5, 5], undefined, true],
  [CAR, 'I got a new car.', [5, 5], undefined, true],
  [CAR, 'I buyed a new car.', [3, 4], 'verb-form'],
  [CAR, 'I bought new car.', [4, 4], 'article'],
  [CAR, 'I buy a new car.', [3, 4], 'tense'],
  [CAR, 'I bought a new cars.', [4, 4], 'plural'],
  [CAR, 'I have bought a new car.', [3, 4], 'tense'],
  [CAR, 'I boght a new car.', [4, 4], 'spelling'],
  [CAR, 'I bought a car.', [2, 3], 'missing-word'],
  [CAR, 'I buyed new car.', [2, 3]],
  [CAR, 'I purchase new car yesterday.', [1, 3]],

  // ── RAIN: conditional clause ────────────────────────────────────────────────
  [RAIN, 'If it rains tomorrow, I will stay home.', [5, 5], undefined, false],
  [RAIN, 'I will stay home if it rains tomorrow.', [5, 5], undefined, true],
  [RAIN, "If it rains tomorrow, I'll stay at home.", [5, 5], undefined, true],
  [RAIN, "I'll stay home if it rains tomorrow.", [5, 5], undefined, true],
  [RAIN, "If it rains tomorrow, I'll stay home.", [5, 5], undefined, false],
  [RAIN, 'If it will rain tomorrow, I will stay home.', [3, 4], 'tense'],
  [RAIN, 'If it rain tomorrow, I will stay home.', [3, 4], 'agreement'],
  [RAIN, 'If it rains tomorrow, I stay home.', [3, 4], 'tense'],
  [RAIN, 'If it rain tomorrow, I stay home.', [2, 3]],
  [RAIN, 'When it rains tomorrow, I will stay home.', [3, 4], 'word-choice'],
  [RAIN, 'I will stay home if it will rain tomorrow.', [3, 4], 'tense'],

  // ── DOCTOR: want to + base form ─────────────────────────────────────────────
  [DOCTOR, 'He wants to be a doctor.', [5, 5], undefined, false],
  [DOCTOR, 'He wants to become a doctor.', [5, 5], undefined, true],
  [DOCTOR, 'He would like to be a doctor.', [5, 5], undefined, true],
  [DOCTOR, "He'd like to be a doctor.", [5, 5], undefined, true],
  [DOCTOR, 'He want to be a doctor.', [3, 4], 'agreement'],
  [DOCTOR, 'He wants to be doctor.', [4, 4], 'article'],
  [DOCTOR, 'He wants be a doctor.', [3, 4], 'missing-word'],
  [DOCTOR, 'He wants to is a doctor.', [3, 4], 'verb-form'],
  [DOCTOR, 'She wants to be a doctor.', [1, 2], 'meaning'],
  [DOCTOR, 'He wants to be a teacher.', [1, 2], 'meaning'],
  [DOCTOR, 'He want be doctor.', [1, 3]],

  // ── DOCUMENTS: TOEIC request, times, prepositions ───────────────────────────
  [DOCUMENTS, 'Could you send me the documents by 3 p.m. tomorrow?', [5, 5], undefined, false],
  [DOCUMENTS, 'Could you send me the documents by 3 pm tomorrow?', [5, 5], undefined, false],
  [DOCUMENTS, 'Could you send me the documents by three p.m. tomorrow?', [5, 5], undefined, false],
  [DOCUMENTS, 'Can you send me the documents by 3 pm tomorrow?', [5, 5], undefined, true],
  [DOCUMENTS, "Could you send the documents by three o'clock tomorrow afternoon?", [5, 5], undefined, true],
  [DOCUMENTS, 'Could you send me the papers by 3 p.m. tomorrow?', [5, 5], undefined, true],
  [DOCUMENTS, 'Could you send me the documents until 3 p.m. tomorrow?', [3, 4], 'preposition'],
  [DOCUMENTS, 'Could you send me the documents at 3 p.m. tomorrow?', [3, 4], 'preposition'],
  [DOCUMENTS, 'Could you sent me the documents by 3 p.m. tomorrow?', [3, 4], 'verb-form'],
  [DOCUMENTS, 'Could you send me documents by 3 p.m. tomorrow?', [4, 4], 'article'],
  [DOCUMENTS, 'Could you send me the document by 3 p.m. tomorrow?', [4, 4], 'plural'],
  [DOCUMENTS, 'Could you send me the documents?', [2, 3], 'missing-word'],
  [DOCUMENTS, 'Could you please send me the documents by 3 p.m. tomorrow?', [5, 5], undefined, true],
  [DOCUMENTS, 'Could you send to me the documents by 3 p.m. tomorrow?', [4, 4], 'extra-word'], // an inserted preposition is an extra word

  // ── MEETING: passive voice ──────────────────────────────────────────────────
  [MEETING, 'The meeting has been postponed until next Monday.', [5, 5], undefined, false],
  [MEETING, 'The meeting was postponed until next Monday.', [5, 5], undefined, true],
  [MEETING, 'The meeting has been put off until next Monday.', [5, 5], undefined, true],
  [MEETING, 'The meeting has been delayed until next Monday.', [5, 5], undefined, true],
  [MEETING, 'the meeting has been postponed until next monday', [5, 5], undefined, false],
  [MEETING, 'The meeting has been postpone until next Monday.', [3, 4], 'verb-form'],
  [MEETING, 'The meeting has postponed until next Monday.', [3, 4], 'missing-word'], // only be is missing
  [MEETING, 'The meeting has been postponed by next Monday.', [3, 4], 'preposition'],
  [MEETING, 'Meeting has been postponed until next Monday.', [4, 4], 'article'],
  [MEETING, 'The meting has been postponed until next Monday.', [4, 4], 'spelling'],

  // ── TENNIS: be good at ──────────────────────────────────────────────────────
  [TENNIS, 'My brother is very good at tennis.', [5, 5], undefined, false],
  [TENNIS, 'My brother plays tennis very well.', [5, 5], undefined, true],
  [TENNIS, 'My brother is a very good tennis player.', [5, 5], undefined, true],
  [TENNIS, 'My brother is very good in tennis.', [3, 4], 'preposition'],
  [TENNIS, 'My brother is very good at the tennis.', [4, 4], 'article'],
  [TENNIS, 'My brother play tennis very well.', [3, 4], 'agreement'],
  [TENNIS, 'My brother is good at tennis.', [3, 4], 'missing-word'],
  [TENNIS, 'My brother is very good at tenis.', [4, 4], 'spelling'],
  [TENNIS, 'My sister likes soccer.', [1, 2]],
  [TENNIS, 'My brother good at tennis.', [2, 3], 'missing-word'],

  // ── WAKE: times and habits ──────────────────────────────────────────────────
  [WAKE, 'I get up at seven every morning.', [5, 5], undefined, false],
  [WAKE, 'I get up at 7 every morning.', [5, 5], undefined, false],
  [WAKE, 'I wake up at seven every morning.', [5, 5], undefined, true],
  [WAKE, 'Every morning I get up at 7.', [5, 5], undefined, true],
  [WAKE, "I get up at seven o'clock every morning.", [5, 5], undefined, true],
  [WAKE, 'I get up in seven every morning.', [3, 4], 'preposition'],
  [WAKE, 'I get up seven every morning.', [3, 4], 'preposition'],
  [WAKE, 'I got up at seven every morning.', [3, 4], 'tense'],
  [WAKE, 'I get up at seven every mornings.', [4, 4], 'plural'],
  [WAKE, 'I gets up at seven every morning.', [3, 4], 'agreement'], // an -s the subject does not take is 三単現 too
  [WAKE, 'I get up at eight every morning.', [1, 2], 'meaning'],
  [WAKE, 'I get up at 7 am every morning.', [5, 5], undefined, true],

  // ── CHILDREN: present progressive, irregular plural ─────────────────────────
  [CHILDREN, 'The children are playing in the park.', [5, 5], undefined, false],
  [CHILDREN, 'The kids are playing in the park.', [5, 5], undefined, true],
  [CHILDREN, 'Children are playing in the park.', [5, 5], undefined, true],
  [CHILDREN, 'The childs are playing in the park.', [4, 4], 'plural'],
  [CHILDREN, 'The kid are playing in the park.', [3, 4], 'plural'],
  [CHILDREN, 'The children is playing in the park.', [3, 4], 'subject-verb'],
  [CHILDREN, 'The children are play in the park.', [3, 4], 'verb-form'],
  [CHILDREN, 'The children playing in the park.', [3, 4], 'missing-word'],
  // The progressive moved to the past tells another time: a meaning error, as probe set 18's teacher
  // grades this same sentence (decision 099; it was read as a tense slip before).
  [CHILDREN, 'The children were playing in the park.', [1, 2], 'meaning'],
  [CHILDREN, 'The child is playing in the park.', [2, 3]],

  // ── LOOKING: look forward to -ing ───────────────────────────────────────────
  [LOOKING, "I'm looking forward to seeing her.", [5, 5], undefined, false],
  [LOOKING, 'I am looking forward to seeing her.', [5, 5], undefined, false],
  [LOOKING, 'I am looking forward to meeting her.', [5, 5], undefined, true],
  [LOOKING, 'I look forward to seeing her.', [5, 5], undefined, true],
  [LOOKING, "I'm looking forward to see her.", [3, 4], 'verb-form'],
  [LOOKING, 'I am looking forward to meet her.', [3, 4], 'verb-form'],
  [LOOKING, 'I looking forward to seeing her.', [3, 4], 'missing-word'],
  [LOOKING, 'I am looking forward seeing her.', [3, 4], 'preposition'],
  [LOOKING, "I'm looking forward to seeing him.", [1, 2], 'meaning'],

  // ── INFO: uncountable nouns ─────────────────────────────────────────────────
  [INFO, 'Thank you for the information.', [5, 5], undefined, false],
  [INFO, 'Thanks for the information.', [5, 5], undefined, true],
  [INFO, 'Thank you for your information.', [5, 5], undefined, true],
  [INFO, 'Thank you for the informations.', [4, 4], 'plural'],
  [INFO, 'Thank you for information.', [4, 4], 'article'],
  [INFO, 'Thank you about the information.', [3, 4], 'preposition'],
  [INFO, 'Thank you for the informaton.', [4, 4], 'spelling'],
  [INFO, 'Thank you very much for the information.', [5, 5], undefined, true],
  [INFO, 'Thank you for the info.', [5, 5], undefined, true],
  [WALK, 'She is walking to school every day.', [3, 4], 'tense'],
  [TOKYO, 'For ten years I have lived in Tokyo.', [4, 5]],
  [MEETING, 'The meeting is postponed until next Monday.', [3, 4], 'tense'],
];

let evaluator: Evaluator;
beforeAll(async () => {
  evaluator = await createEvaluator();
});

describe('evaluator rating table', () => {
  it('has at least 110 cases over at least 15 problems', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(110);
    expect(new Set(CASES.map(([p]) => p.id)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(CASES.map((c, i) => [i, c[0].id, c[1], c] as const))('#%i %s: %j', (_i, _id, _answer, c) => {
    const [problem, answer, [min, max], kind, alternative] = c;
    const result = evaluator.evaluate(problem, answer);
    const summary = `${result.rating}★ ${result.errors.map((e) => `${e.kind}: ${e.message}`).join(' | ')}`;
    expect(result.rating, summary).toBeGreaterThanOrEqual(min);
    expect(result.rating, summary).toBeLessThanOrEqual(max);
    if (kind) expect(result.errors.map((e) => e.kind), summary).toContain(kind);
    if (alternative !== undefined) expect(result.isAlternative, summary).toBe(alternative);
    if (min === 5) expect(result.errors, summary).toEqual([]);
    // The output contract holds for every answer, including junk.
    expect(() => ZEvaluation.parse(result)).not.toThrow();
    for (const e of result.errors) expect(e.label).toBe(ERROR_KINDS[e.kind]);
  });
});

describe('robustness', () => {
  it('never throws and rates junk 1-2', () => {
    const junk = [
      'a'.repeat(5000),
      'I went to the park yesterday '.repeat(40),
      '\u0000\u0001\u0002',
      '🇯🇵👨‍👩‍👧‍👦',
      '<script>alert(1)</script>',
      'the the the the the the',
      'ｱｲｳｴｵ',
      '     .   ,   ',
      "''''",
      '----',
      '1 2 3 4 5 6 7 8 9 10 11 12',
    ];
    for (const problem of ALL_PROBLEMS) {
      for (const answer of junk) {
        const result = evaluator.evaluate(problem, answer);
        expect(() => ZEvaluation.parse(result)).not.toThrow();
        if (!answer.startsWith('I went')) expect(result.rating, answer).toBeLessThanOrEqual(2);
      }
    }
  });

  it('caps very long answers without failing', () => {
    const long = 'I went to the park yesterday and '.repeat(100);
    const result = evaluator.evaluate(PARK, long);
    expect(result.rating).toBeLessThanOrEqual(3);
    expect(result.diff.length).toBeLessThanOrEqual(80);
  });

  it('survives a malformed problem', () => {
    const broken = { ...PARK, answers: [] as string[] } as unknown as TBankProblem;
    const result = evaluator.evaluate(broken, 'I went to the park.');
    expect(() => ZEvaluation.parse(result)).not.toThrow();
    expect(result.rating).toBe(1);
  });

  it('treats a non-string answer as empty', () => {
    const result = evaluator.evaluate(PARK, undefined as unknown as string);
    expect(result.rating).toBe(1);
  });
});

describe('determinism', () => {
  it('gives deep-equal results for the same answer, across calls and evaluators', async () => {
    const other = await createEvaluator();
    for (const [problem, answer] of CASES) {
      const a = evaluator.evaluate(problem, answer);
      const b = evaluator.evaluate(problem, answer);
      const c = other.evaluate(problem, answer);
      expect(b).toEqual(a);
      expect(c).toEqual(a);
    }
  });

  it('grades a problem whose accepted answers changed against the new answers', () => {
    const before = evaluator.evaluate(PARK, 'I went to the garden yesterday.');
    const updated: TBankProblem = { ...PARK, answers: [...PARK.answers, 'I went to the garden yesterday.'] };
    const after = evaluator.evaluate(updated, 'I went to the garden yesterday.');
    expect(before.rating).toBeLessThan(5);
    expect(after.rating).toBe(5);
    expect(after.isAlternative).toBe(true);
  });
});

describe('別解 (alternatives)', () => {
  it('the main answer is not an alternative; the others are, and list the rest', () => {
    for (const problem of ALL_PROBLEMS) {
      problem.answers.forEach((answer, k) => {
        const result = evaluator.evaluate(problem, answer);
        expect(result.rating, answer).toBe(5);
        expect(result.isAlternative, answer).toBe(k > 0);
        expect(result.modelAnswer, answer).toBe(answer);
        expect(result.alternatives).toEqual(problem.answers.filter((_, j) => j !== k));
      });
    }
  });

  it('a synonym is 別解 and the feedback says so with another phrasing', () => {
    const result = evaluator.evaluate(DOG, 'I have a large dog.');
    expect(result.rating).toBe(5);
    expect(result.isAlternative).toBe(true);
    expect(result.feedback).toContain('正解です。別の言い方: ');
    expect(result.feedback).toContain('I own a big dog.');
  });

  it('an answer with errors is never flagged as 別解', () => {
    const result = evaluator.evaluate(CAR, 'I purchased new car.');
    expect(result.rating).toBeLessThan(5);
    expect(result.isAlternative).toBe(false);
  });
});

describe('errors and feedback', () => {
  it('names third-person -s with the learner’s words', () => {
    const result = evaluator.evaluate(WALK, 'She go to school on foot every day.');
    const error = result.errors.find((e) => e.kind === 'agreement');
    expect(error).toMatchObject({ label: '三単現', words: ['go'], expected: ['goes'] });
    expect(error?.message).toBe('「go」は三人称単数なので「goes」にしましょう。');
  });

  it('reports a reordering as one word-order issue, not missing + extra', () => {
    const result = evaluator.evaluate(WHAT, 'This is what?');
    expect(result.errors.map((e) => e.kind)).toEqual(['word-order']);
  });

  it('treats a misspelt word as corrected for the rest of grading', () => {
    const result = evaluator.evaluate(CAR, 'I bougth a new car.');
    expect(result.errors.map((e) => e.kind)).toEqual(['spelling']);
    expect(result.errors[0]).toMatchObject({ words: ['bougth'], expected: ['bought'] });
  });

  it('says what was right, what to fix and the grammar point', () => {
    const result = evaluator.evaluate(WALK, 'She walk to school every day.');
    expect(result.feedback).toContain('語順は正しくできています。');
    expect(result.feedback).toContain('「walk」は三人称単数なので「walks」にしましょう。');
    expect(result.feedback).toContain('三人称単数現在');
    expect(result.feedback).toContain(WALK.explanation);
  });

  it('praises a perfect answer and mentions another phrasing', () => {
    const result = evaluator.evaluate(PARK, 'I went to the park yesterday.');
    expect(result.feedback).toContain('完璧です！');
    expect(result.feedback).toContain('I visited the park yesterday.');
  });

  it('formats similar phrases as English（日本語）', () => {
    const result = evaluator.evaluate(PARK, 'I went to the park yesterday.');
    expect(result.similarPhrases).toEqual(['I went to the library last week.（先週図書館に行きました。）', 'I visited my grandmother yesterday.（昨日祖母を訪ねました。）']);
  });

  it('asks for English when the answer is Japanese', () => {
    const result = evaluator.evaluate(PARK, '公園に行った');
    expect(result.rating).toBe(1);
    expect(result.feedback).toContain('英語で答えてみましょう');
    expect(result.modelAnswer).toBe(PARK.answers[0]);
  });
});

describe('diff', () => {
  it('is all equal for an exact answer, keeping the learner’s casing', () => {
    const result = evaluator.evaluate(PARK, 'I went to the PARK yesterday');
    expect(result.diff.every((d) => d.op === 'equal')).toBe(true);
    expect(result.diff.map((d) => d.text)).toEqual(['I', 'went', 'to', 'the', 'PARK', 'yesterday']);
  });

  it('inserts a missing article where it belongs', () => {
    const result = evaluator.evaluate(PARK, 'I went to park yesterday.');
    expect(result.diff).toEqual([
      { op: 'equal', text: 'I', expected: 'I' },
      { op: 'equal', text: 'went', expected: 'went' },
      { op: 'equal', text: 'to', expected: 'to' },
      { op: 'insert', text: '', expected: 'the' },
      { op: 'equal', text: 'park', expected: 'park' },
      { op: 'equal', text: 'yesterday', expected: 'yesterday' },
    ]);
  });

  it('replaces a wrong form and deletes an extra word', () => {
    const result = evaluator.evaluate(PARK, 'I go to the big park yesterday');
    expect(result.diff).toContainEqual({ op: 'replace', text: 'go', expected: 'went' });
    expect(result.diff).toContainEqual({ op: 'delete', text: 'big', expected: '' });
  });

  it('keeps a contraction whole when it matches the expanded model', () => {
    const result = evaluator.evaluate(LOOKING, "I'm looking forward to seeing her.");
    expect(result.diff[0]).toEqual({ op: 'equal', text: "I'm", expected: "I'm" });
    const expanded = evaluator.evaluate(TOKYO, "I've lived in Tokyo for 10 years");
    expect(expanded.diff[0]).toEqual({ op: 'equal', text: "I've", expected: 'I have' });
    expect(expanded.diff).toContainEqual({ op: 'equal', text: '10', expected: 'ten' });
  });

  it('shows a validly moved adverbial and a synonym as equal', () => {
    const moved = evaluator.evaluate(PARK, 'Yesterday I went to the park.');
    expect(moved.diff.every((d) => d.op === 'equal')).toBe(true);
    const synonym = evaluator.evaluate(DOG, 'I have a large dog');
    expect(synonym.diff).toContainEqual({ op: 'equal', text: 'large', expected: 'big' });
  });

  it('shows a word in the wrong place as delete + insert', () => {
    const result = evaluator.evaluate(PARK, 'I went yesterday to the park');
    expect(result.diff).toContainEqual({ op: 'delete', text: 'yesterday', expected: '' });
    expect(result.diff.at(-1)).toEqual({ op: 'insert', text: '', expected: 'yesterday' });
  });

  it('shows a misspelt word as replace with the learner’s spelling', () => {
    const result = evaluator.evaluate(PARK, 'I went to the prak yesterday');
    expect(result.diff).toContainEqual({ op: 'replace', text: 'prak', expected: 'park' });
  });

  it('reconstructs the model answer from equal/replace/insert tokens', () => {
    for (const [problem, answer] of CASES) {
      const result = evaluator.evaluate(problem, answer);
      if (result.rating === 1 && result.errors.length === 0) continue;
      const learnerSide = result.diff.filter((d) => d.op !== 'insert').map((d) => d.text).join(' ');
      expect(learnerSide.replace(/\s+/g, ' ').length).toBeGreaterThan(0);
      const modelSide = result.diff.filter((d) => d.op !== 'delete').map((d) => d.expected).join(' ');
      expect(modelSide.length, answer).toBeGreaterThan(0);
    }
  });
});
