/**
 * Grading fairness on real bank problems: valid alternatives (recombined accepted answers,
 * contractions, synonyms, clause-order swaps) must get 4-5 stars, answers with the opposite or a
 * wrong meaning at most 2, and typical learner errors 2-4 stars with the right Japanese label.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allBankProblems } from '../bank/index';
import type { TBankProblem } from '../bank/types';
import { createEvaluator, type Evaluator } from './index';
import { ERROR_KINDS, type ErrorKind } from './types';

/** [problem id, learner answer, [min, max] stars, error kind that must be named]. */
type BankCase = [string, string, [number, number], ErrorKind?];

const VALID_ALTERNATIVES: BankCase[] = [
  // Words of two accepted answers recombined.
  ['toeic-032', 'We chose this location because it is near the station.', [4, 5]],
  ['toeic-158', "It's not easy to get new customers.", [4, 5]],
  ['toeic-158', "Getting new clients isn't easy.", [5, 5]],
  ['toeic-119', 'I got my computer fixed last week.', [4, 5]],
  ['toeic-149', 'We are thinking of constructing a new factory.', [4, 5]],
  ['toeic-151', 'I do not recall sending that email to him.', [4, 5]],
  ['toeic-174', 'We need to focus on attracting new customers.', [4, 5]],
  ['toeic-174', 'We should concentrate on attracting new clients.', [4, 5]],
  ['toeic-004', 'My order has not been sent yet.', [4, 5]],
  ['toeic-004', 'The products I ordered have not been shipped yet.', [4, 5]],
  ['toeic-023', 'This is the product that we released last month.', [4, 5]],
  ['toeic-115', 'We are sorry for any inconvenience caused.', [4, 5]],
  ['toeic-015', 'Lots of clients are interested in the new service.', [4, 5]],
  ['toeic-093', 'The materials had not arrived yet when the meeting started.', [4, 5]],
  ['high-school-007', 'Scientists have been working on this issue for years.', [4, 5]],
  ['high-school-133', 'It is obvious that global warming is a serious issue.', [5, 5]],
  ['middle-school-127', 'This problem is harder than that one.', [4, 5]],
  ['basic-verbs-127', "I'll be a bit late.", [4, 5]],
  ['basic-verbs-156', 'The match was canceled due to rain.', [4, 5]],
  ['basic-verbs-066', "Let's postpone the meeting till next week.", [5, 5]],
  // Everyday phrase equivalents: tell me = let me know, due to = because of, as though = as if.
  ['toeic-121', 'Please tell me if there are any changes.', [5, 5]],
  ['toeic-181', 'Due to the train delay, the meeting started 30 minutes late.', [5, 5]],
  ['toeic-056', 'If you have any questions, feel free to contact me.', [5, 5]],
  ['high-school-056', 'The boy talks as though he were an adult.', [5, 5]],
  // A request without "please" is still the request: a named politeness slip, not lost meaning.
  ['middle-school-053', 'Open the window.', [4, 4], 'missing-word'],
  ['toeic-121', 'Tell me if anything changes.', [4, 4], 'missing-word'],
  // Contractions, including the negative question "didn't you" = "did you not".
  ['middle-school-046', "Why didn't you come to school yesterday?", [5, 5]],
  ['middle-school-046', 'Why did you not come to school yesterday?', [5, 5]],
  ['middle-school-066', "I couldn't sleep well last night.", [5, 5]],
  ['middle-school-102', "He won't be home tonight.", [5, 5]],
  ['middle-school-102', "He isn't going to be at home tonight.", [4, 5]],
  ['middle-school-007', "The movie isn't interesting.", [5, 5]],
  ['middle-school-015', "I don't like maths.", [5, 5]],
  ['middle-school-088', "He isn't studying at the moment.", [5, 5]],
  ['toeic-199', "We didn't notice the issue until last week.", [5, 5]],
  ['toeic-088', "The manager is away on a business trip and isn't in the office now.", [5, 5]],
  ['high-school-199', "I'd rather stay at home than go out.", [5, 5]],
  ['basic-verbs-007', "We'll get off at the next stop.", [5, 5]],
  ['basic-verbs-127', "I'm running a bit late.", [5, 5]],
  // Synonyms, with the article following the synonym ("an airplane" for "a plane").
  ['middle-school-172', 'I have never been on an airplane.', [5, 5]],
  ['middle-school-133', 'Mount Fuji is the tallest mountain in Japan.', [5, 5]],
  ['basic-verbs-015', 'Can you take a photo of us?', [5, 5]],
  ['toeic-066', 'If the item is out of stock, we will send you a replacement.', [5, 5]],
  // Clause order and adverb position.
  ['toeic-060', 'I would accept the offer if I were in your position.', [4, 5]],
  ['toeic-058', 'The factory tour will be called off if it rains tomorrow.', [4, 5]],
  ['high-school-090', 'No matter how difficult it is, I will never give up.', [4, 5]],
  ['middle-school-156', 'After finishing his homework, he watched TV.', [4, 5]],
  ['high-school-015', 'Because I had seen the movie before, I knew the ending.', [4, 5]],
];

const CLEARLY_WRONG: BankCase[] = [
  // Negation added or dropped: the opposite meaning.
  ['middle-school-011', "I don't drink milk every morning.", [1, 2], 'negation'],
  ['high-school-181', 'He should not have studied more.', [1, 2], 'negation'],
  ['middle-school-004', 'She is not busy today.', [1, 2], 'negation'],
  ['high-school-164', 'I know how this machine works.', [1, 2], 'negation'],
  ['middle-school-007', 'The movie is interesting.', [1, 2], 'negation'],
  ['middle-school-088', 'He is studying now.', [1, 2], 'negation'],
  ['middle-school-066', 'I could sleep well last night.', [1, 2], 'negation'],
  ['high-school-127', 'It is easy for me to learn a foreign language.', [1, 2], 'negation'],
  ['basic-verbs-088', 'Let go of the rope.', [1, 2], 'negation'],
  ['middle-school-188', 'My birthday is not in April.', [1, 2], 'negation'],
  ['toeic-093', 'When the meeting started, the materials had arrived.', [1, 2], 'negation'],
  // A content word replaced by its opposite.
  ['toeic-011', 'Smoking is allowed in this building.', [1, 2]],
  ['basic-verbs-079', 'Break your promise.', [1, 2]],
  ['toeic-147', 'I am happy for the late reply.', [1, 2], 'antonym'],
  ['toeic-164', 'The company started using paper documents to protect the environment.', [1, 2], 'antonym'],
  ['basic-verbs-058', 'He started smoking last year.', [1, 2], 'antonym'],
  ['basic-verbs-077', 'Please keep the door closed.', [1, 2], 'antonym'],
  ['middle-school-133', 'Mt. Fuji is the lowest mountain in Japan.', [1, 2], 'antonym'],
  ['middle-school-127', 'This question is easier than that one.', [1, 2], 'antonym'],
  ['middle-school-015', 'I like math.', [1, 2]],
  // Causative lost: "had cut my hair" means I cut it myself.
  ['basic-verbs-034', 'I had cut my hair.', [1, 2]],
  // Wrong verb, unrelated sentences, nonsense.
  ['middle-school-011', 'I sell milk every morning.', [1, 2], 'meaning'],
  ['toeic-004', 'Yesterday was a nice day.', [1, 1]],
  ['middle-school-004', 'I like apples.', [1, 1]],
  ['high-school-090', 'Banana.', [1, 1]],
  ['toeic-032', 'station the near is location.', [1, 2]],
];

const LEARNER_ERRORS: BankCase[] = [
  ['basic-verbs-020', 'Lets take a taxi to the station.', [4, 4], 'spelling'],
  ['middle-school-102', 'He wont be home tonight.', [4, 4], 'spelling'],
  ['basic-verbs-199', 'I cant figure out how to solve this problem.', [4, 4], 'spelling'],
  ['basic-verbs-115', 'Please bring your lunch tomorow.', [4, 4], 'spelling'],
  ['basic-verbs-041', "Let's go out to eat tonigt.", [4, 4], 'spelling'],
  ['middle-school-172', 'I have never been on a airplane.', [4, 4], 'article'],
  ['middle-school-172', 'I have never been on an plane.', [4, 4], 'article'],
  ['middle-school-133', 'Mt. Fuji is highest mountain in Japan.', [4, 4], 'article'],
  ['high-school-156', 'I have never seen such beautiful sunset.', [4, 4], 'article'],
  ['toeic-077', 'Have you ever been to Tokyo branch?', [4, 4], 'article'],
  ['middle-school-058', 'Be careful when you cross street.', [4, 4], 'article'],
  ['middle-school-023', 'She practices tennis on Sunday.', [4, 4], 'plural'],
  ['toeic-015', 'Many customer have shown interest in the new service.', [4, 4], 'plural'],
  ['toeic-140', 'This is one of the cheapest product on the market.', [4, 4], 'plural'],
  ['middle-school-023', 'She practice tennis on Sundays.', [3, 4], 'agreement'],
  ['middle-school-088', 'He do not study now.', [2, 3]],
  ['toeic-060', 'If I was you, I would accept the offer.', [3, 4], 'subject-verb'],
  ['middle-school-093', 'What was you doing at 3 p.m. yesterday?', [3, 4], 'subject-verb'],
  ['middle-school-077', 'It rains yesterday.', [3, 4], 'tense'],
  ['middle-school-066', 'I cannot sleep well last night.', [3, 4], 'tense'],
  ['toeic-023', 'This is the product we launch last month.', [3, 4], 'tense'],
  ['high-school-188', 'The more money he had, the more he want.', [3, 4], 'tense'],
  ['toeic-077', 'Have you ever went to the Tokyo branch?', [3, 4], 'verb-form'],
  ['toeic-088', 'The manager has went on a business trip and is not in the office now.', [3, 4], 'verb-form'],
  ['basic-verbs-023', "Don't worry about make mistakes.", [3, 4], 'verb-form'],
  ['basic-verbs-066', "Let's put off the meeting by next week.", [3, 4], 'preposition'],
  ['middle-school-140', 'Tennis is the most popular sport on my school.', [3, 4], 'preposition'],
  ['middle-school-023', 'She practices tennis in Sundays.', [3, 4], 'preposition'],
  ['middle-school-102', 'He will not at home tonight.', [2, 4], 'missing-word'],
  ['middle-school-004', 'She very busy today.', [2, 3], 'missing-word'],
  ['middle-school-046', 'Why you did not come to school yesterday?', [3, 4], 'word-order'],
  ['middle-school-053', 'Close the window.', [1, 2], 'antonym'],
  ['middle-school-041', 'Where the station is?', [3, 4], 'word-order'],
];

const CASES: BankCase[] = [...VALID_ALTERNATIVES, ...CLEARLY_WRONG, ...LEARNER_ERRORS];

const problems = new Map<string, TBankProblem>(allBankProblems().map((p) => [p.id, p]));

function problemOf(id: string): TBankProblem {
  const problem = problems.get(id);
  if (!problem) throw new Error(`no bank problem ${id}`);
  return problem;
}

let evaluator: Evaluator;
beforeAll(async () => {
  evaluator = await createEvaluator();
});

describe('bank case table', () => {
  it('has at least 80 cases on real bank problems', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
    for (const [id] of CASES) expect(problems.has(id), id).toBe(true);
  });

  it.each(CASES.map((c, i) => [i, c[0], c[1], c] as const))('#%i %s: %j', (_i, _id, _answer, c) => {
    const [id, answer, [min, max], kind] = c;
    const result = evaluator.evaluate(problemOf(id), answer);
    const summary = `${result.rating}★ ${result.errors.map((e) => `${e.kind}: ${e.message}`).join(' | ')}`;
    expect(result.rating, summary).toBeGreaterThanOrEqual(min);
    expect(result.rating, summary).toBeLessThanOrEqual(max);
    if (kind) expect(result.errors.map((e) => e.kind), summary).toContain(kind);
    if (min === 5) expect(result.errors, summary).toEqual([]);
    for (const e of result.errors) expect(e.label).toBe(ERROR_KINDS[e.kind]);
  });
});

/** Words split like the audit did: punctuation dropped, spaces only. */
const words = (s: string): string[] => s.replace(/[.?!,]/g, '').split(/\s+/);

/**
 * Recombinations of accepted answers: where two answers of a problem differ in exactly one word,
 * that word swapped into a third answer. Almost all are valid English (a few are not, such as
 * "Could to spell"), so nearly all must get 4-5 stars.
 */
function oneWordSwaps(): [TBankProblem, string][] {
  const out: [TBankProblem, string][] = [];
  for (const p of problems.values()) {
    const seen = new Set<string>();
    for (const a of p.answers) {
      for (const b of p.answers) {
        const wa = words(a);
        const wb = words(b);
        if (a === b || wa.length !== wb.length) continue;
        const diffs = wa.map((w, k) => [w, wb[k] ?? ''] as const).filter(([x, y]) => x !== y);
        const [only] = diffs;
        if (diffs.length !== 1 || !only || only[0].toLowerCase() === only[1].toLowerCase()) continue;
        const [x, y] = only;
        for (const c of p.answers) {
          const re = new RegExp(`\\b${x}\\b`);
          if (c === a || c === b || !re.test(c) || new RegExp(`\\b${y}\\b`).test(c)) continue;
          const variant = c.replace(re, y);
          if (p.answers.includes(variant) || seen.has(variant)) continue;
          seen.add(variant);
          out.push([p, variant]);
        }
      }
    }
  }
  return out;
}

/** Accepted answers with their negation dropped or one added: the opposite meaning. */
function negationFlips(): [TBankProblem, string][] {
  const flips: [RegExp, string][] = [
    [/\b(do|does|did) not /i, ''],
    [/\b(is|are|was|were|will|can|could|should|would) not\b/i, '$1'],
    [/\bnever /i, ''],
    [/\b(is|are|was|were|will|can|should|would) (?!not)/i, '$1 not '],
  ];
  const out: [TBankProblem, string][] = [];
  for (const p of problems.values()) {
    for (const a of p.answers) {
      for (const [re, replacement] of flips) {
        if (!re.test(a)) continue;
        const variant = a.replace(re, replacement).replace(/^\w/, (ch) => ch.toUpperCase());
        if (!p.answers.some((x) => x.toLowerCase() === variant.toLowerCase())) out.push([p, variant]);
      }
    }
  }
  return out;
}

describe('bank-wide self-checks', () => {
  it('gives at least 95% of one-word recombinations of accepted answers 4-5 stars', () => {
    const swaps = oneWordSwaps();
    const low = swaps.filter(([p, answer]) => evaluator.evaluate(p, answer).rating < 4);
    expect(swaps.length).toBeGreaterThan(400);
    expect(low.length / swaps.length, low.slice(0, 10).map(([p, a]) => `${p.id} ${a}`).join('\n')).toBeLessThan(0.05);
  });

  it('gives at least 97% of negation flips of accepted answers at most 2 stars', () => {
    const flips = negationFlips();
    const high = flips.filter(([p, answer]) => evaluator.evaluate(p, answer).rating > 2);
    expect(flips.length).toBeGreaterThan(1000);
    expect(high.length / flips.length, high.slice(0, 10).map(([p, a]) => `${p.id} ${a}`).join('\n')).toBeLessThan(0.03);
  });
});

describe('meaning errors', () => {
  it('names a flipped negation in Japanese and does not praise the answer', () => {
    const result = evaluator.evaluate(problemOf('middle-school-011'), "I don't drink milk every morning.");
    const error = result.errors.find((e) => e.kind === 'negation');
    expect(error).toMatchObject({ label: '意味の取り違え（否定）' });
    expect(result.feedback).not.toContain('正しくできています');
  });

  it('names an opposite word with both words', () => {
    const result = evaluator.evaluate(problemOf('toeic-147'), 'I am happy for the late reply.');
    expect(result.errors.find((e) => e.kind === 'antonym')).toMatchObject({ words: ['happy'], expected: ['sorry'] });
  });

  it('does not call a valid word-order variant of a negative question a word-order error', () => {
    const result = evaluator.evaluate(problemOf('middle-school-046'), "Why didn't you come to school yesterday?");
    expect(result.errors.map((e) => e.kind)).not.toContain('word-order');
  });
});

describe('agreement labels', () => {
  it('keeps 三単現 for a missing third-person -s', () => {
    const result = evaluator.evaluate(problemOf('middle-school-023'), 'She practice tennis on Sundays.');
    expect(result.errors.find((e) => e.kind === 'agreement')?.label).toBe('三単現');
  });

  it('uses 主語と動詞の一致 for other agreement errors', () => {
    for (const [id, answer] of [
      ['toeic-060', 'If I was you, I would accept the offer.'],
      ['middle-school-093', 'What was you doing at 3 p.m. yesterday?'],
    ] as const) {
      const result = evaluator.evaluate(problemOf(id), answer);
      expect(result.errors.map((e) => e.label), answer).toContain('主語と動詞の一致');
      expect(result.errors.map((e) => e.label), answer).not.toContain('三単現');
    }
  });
});

describe("a noun's 's read in context", () => {
  it('reads "brother\'s working" as is working, not a plural', () => {
    const result = evaluator.evaluate(problemOf('middle-school-086'), "My mother's cooking dinner in the kitchen.");
    expect(result.rating, JSON.stringify(result.errors)).toBe(5);
    expect(result.errors).toEqual([]);
  });
});
