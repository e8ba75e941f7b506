/**
 * Probe set 2 (eval/probe-set-2.json): 703 answers to 111 problems the frozen set does not cover,
 * written from the Japanese and the accepted answers before the grader was run on them (see
 * eval/README.md). It estimates how the grader does on problems and sentences nobody tuned to, as
 * the independent held-out set does. Reported like the frozen set, with floors at the rates reached
 * (a ratchet: only ever raise them); fix what fails with general mechanisms, never by adding its
 * sentences to a lattice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allBankProblems } from '../bank/index';
import type { TBankProblem } from '../bank/types';
import { type EvalItem, formatReport, GOALS, measure, type Rate, RATES } from './eval-report';
import { createEvaluator, type Evaluator } from './index';

/** Reached so far on probe set 2 (less a little margin). Only ever raise these. */
export const PROBE_FLOORS: Record<Rate, number> = { paraphrase: 0.977, slip: 0.98, meaning: 0.995, consistent: 1 };

const load = (file: string): EvalItem[] => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'eval', file), 'utf8')) as EvalItem[];
const items = load('probe-set-2.json');

/** One later probe set: its items name bank problems, and its four rates stay at or above its floors. */
function probeSet(name: string, setItems: EvalItem[], floors: Record<Rate, number>): void {
  describe(name, () => {
    it('reports the four rates, at or above the floors reached so far', async () => {
      const problems = new Map<string, TBankProblem>(allBankProblems().map((p) => [p.id, p]));
      for (const item of setItems) expect(problems.has(item.problemId), item.problemId).toBe(true);
      const report = measure(setItems, problems, await createEvaluator(), await createEvaluator());
      console.log(formatReport(`${name}, ${setItems.length} items`, report, floors));
      for (const rate of RATES) expect(report.rates[rate], `${rate} rate`).toBeGreaterThanOrEqual(floors[rate]);
    });
  });
}
/**
 * Probe set 3 (eval/probe-set-3.json): 91 answers to 30 further problems, written the same way after
 * the fixes that probe set 2 led to, so that it measures them on problems they were not made on.
 */
const items3 = load('probe-set-3.json');
export const PROBE3_FLOORS: Record<Rate, number> = { paraphrase: 0.96, slip: 0.99, meaning: 0.96, consistent: 1 };

probeSet('probe set 3', items3, PROBE3_FLOORS);

/**
 * Probe set 4 (eval/probe-set-4.json): 194 answers to 48 problems none of the earlier sets covers,
 * written from the Japanese before the grader was run on them (decision 027).
 */
const items4 = load('probe-set-4.json');
export const PROBE4_FLOORS: Record<Rate, number> = { paraphrase: 0.98, slip: 0.99, meaning: 0.99, consistent: 1 };

probeSet('probe set 4', items4, PROBE4_FLOORS);

/**
 * Probe set 5 (eval/probe-set-5.json): 356 answers to 52 problems none of the earlier sets covers
 * (13 per level), written from the Japanese and the first accepted answer and committed before the
 * grader was run on it; paraphrases equal to an accepted answer were taken out (decision 030).
 */
const items5 = load('probe-set-5.json');
export const PROBE5_FLOORS: Record<Rate, number> = { paraphrase: 0.97, slip: 0.98, meaning: 0.995, consistent: 1 };

probeSet('probe set 5', items5, PROBE5_FLOORS);

describe('probe set 2', () => {
  let first: Evaluator;
  let second: Evaluator;
  const problems = new Map<string, TBankProblem>(allBankProblems().map((p) => [p.id, p]));

  beforeAll(async () => {
    first = await createEvaluator();
    second = await createEvaluator();
  });

  it('has items for bank problems', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    for (const item of items) expect(problems.has(item.problemId), item.problemId).toBe(true);
  });

  it('reports the four rates, at or above the floors reached so far', () => {
    const report = measure(items, problems, first, second);
    console.log(formatReport(`probe set 2, ${items.length} items`, report, PROBE_FLOORS));
    for (const rate of RATES) {
      expect(report.rates[rate], `${rate} rate`).toBeGreaterThanOrEqual(Math.max(GOALS[rate], PROBE_FLOORS[rate]));
    }
  });
});

/**
 * Probe set 6 (eval/probe-set-6.json): 237 answers to 36 problems none of the earlier sets covers
 * (9 per level), weighted to meaning errors and slips, written from the Japanese, the first accepted
 * answer and the grammar point and committed before the grader was run on it (decision 030).
 */
const items6 = load('probe-set-6.json');
export const PROBE6_FLOORS: Record<Rate, number> = { paraphrase: 0.99, slip: 0.96, meaning: 0.99, consistent: 1 };

probeSet('probe set 6', items6, PROBE6_FLOORS);

/**
 * Probe set 7 (eval/probe-set-7.json): 458 answers to 50 problems none of the earlier sets covers
 * (12-13 per level), weighted to one-slip answers and paraphrases of another structure, written from
 * the Japanese, the first accepted answer and the grammar point and committed before the grader was
 * run on it (decision 034).
 */
const items7 = load('probe-set-7.json');
export const PROBE7_FLOORS: Record<Rate, number> = { paraphrase: 0.96, slip: 0.92, meaning: 0.93, consistent: 1 };

probeSet('probe set 7', items7, PROBE7_FLOORS);

/**
 * Probe set 8 (eval/probe-set-8.json): 628 answers to 50 problems none of the earlier sets covers
 * (12-13 per level), written from the Japanese, the first accepted answer and the grammar point and
 * committed before the grader was run on it (decision 038). First measurement: paraphrases 89.5%,
 * slips 94.0%, meaning errors 94.9%.
 */
const items8 = load('probe-set-8.json');
export const PROBE8_FLOORS: Record<Rate, number> = { paraphrase: 0.945, slip: 0.97, meaning: 0.985, consistent: 1 };

probeSet('probe set 8', items8, PROBE8_FLOORS);

/**
 * Probe set 9 (eval/probe-set-9.json): 543 answers to 50 problems none of the earlier sets covers
 * (12-13 per level), mostly paraphrases of another structure or wording and one-slip answers,
 * written from the bank's Japanese, accepted answers and grammar points and committed before the
 * grader was run on it (decision 040; first measurement 85.5 / 88.3 / 93.3%).
 */
const items9 = load('probe-set-9.json');
export const PROBE9_FLOORS: Record<Rate, number> = { paraphrase: 0.94, slip: 0.95, meaning: 0.96, consistent: 1 };

probeSet('probe set 9', items9, PROBE9_FLOORS);

/**
 * Probe sets 10 and 11 (eval/probe-set-10.json, 612 answers to 45 problems; eval/probe-set-11.json,
 * 515 answers to 43 problems): none of the frozen set and probe sets 2-9 covers their problems;
 * written blind from the bank's Japanese, accepted answers and grammar points and committed before
 * the grader was run on them. First measurements: set 10 paraphrases 88.7%, slips 80.0%, meaning
 * errors 94.3%; set 11 94.9 / 80.8 / 92.2%. Floors at the rates reached (slips: decision 043;
 * paraphrases and meaning errors: decision 046; raised in decision 058).
 */
const items10 = load('probe-set-10.json');
export const PROBE10_FLOORS: Record<Rate, number> = { paraphrase: 0.955, slip: 0.875, meaning: 0.96, consistent: 1 };

probeSet('probe set 10', items10, PROBE10_FLOORS);

const items11 = load('probe-set-11.json');
export const PROBE11_FLOORS: Record<Rate, number> = { paraphrase: 0.965, slip: 0.905, meaning: 0.965, consistent: 1 };

probeSet('probe set 11', items11, PROBE11_FLOORS);

/**
 * Probe sets 12 and 13 (eval/probe-set-12.json, 866 answers to 87 problems; eval/probe-set-13.json,
 * 855 answers to 86 problems, a third typed phone-style): together they cover the last 173 bank
 * problems no set covered; written blind and committed before the grader was run on them. First
 * measurements: set 12 paraphrases 96.5%, slips 90.8%, meaning errors 89.5%; set 13 95.3 / 85.3 /
 * 94.9%. Floors at the rates reached: slips by decision 049, paraphrases and meaning errors by
 * decision 050.
 */
const items12 = load('probe-set-12.json');
export const PROBE12_FLOORS: Record<Rate, number> = { paraphrase: 0.995, slip: 0.98, meaning: 0.975, consistent: 1 };

probeSet('probe set 12', items12, PROBE12_FLOORS);

const items13 = load('probe-set-13.json');
export const PROBE13_FLOORS: Record<Rate, number> = { paraphrase: 0.97, slip: 0.98, meaning: 0.98, consistent: 1 };

probeSet('probe set 13', items13, PROBE13_FLOORS);

/**
 * Probe set 14 (eval/probe-set-14.json, 700 answers to 140 problems earlier sets cover, every 6th id
 * from 005 of each level; a quarter phone-typed, a quarter voice-input transcripts): new answers to
 * known problems, written blind and committed before the grader was run on it. First measurement:
 * paraphrases 94.6%, slips 93.3%, meaning errors 98.9%. Floors at the rates decision 053 reached,
 * less a little margin.
 */
const items14 = load('probe-set-14.json');
export const PROBE14_FLOORS: Record<Rate, number> = { paraphrase: 0.98, slip: 0.97, meaning: 0.99, consistent: 1 };

probeSet('probe set 14', items14, PROBE14_FLOORS);

/**
 * Probe set 15 (eval/probe-set-15.json, 700 answers to the 140 least-covered problems, 35 per level;
 * a quarter phone-typed, a quarter voice-input transcripts): new answers to known problems, written
 * blind and committed before the grader was run on it. First measurement (the held-out estimate):
 * paraphrases 89.2%, slips 91.3%, meaning errors 96.6%, consistency 100%. Floors at the rates
 * decision 057 reached (94.9 / 96.2 / 98.9%), less a little margin.
 */
const items15 = load('probe-set-15.json');
export const PROBE15_FLOORS: Record<Rate, number> = { paraphrase: 0.945, slip: 0.955, meaning: 0.985, consistent: 1 };

probeSet('probe set 15', items15, PROBE15_FLOORS);

/**
 * Probe set 16 (eval/probe-set-16.json, 700 answers to the 140 problems least covered by the frozen
 * set and probe sets 2-15, 35 per level; a quarter phone-typed, a quarter voice-input transcripts):
 * new answers to known problems, written blind and committed before the grader was run on it. First
 * measurement (the held-out estimate): paraphrases 81.0%, slips 89.9%, meaning errors 97.7%,
 * consistency 100%. Floors at the rates decisions 063 and 073 reached (92.1 / 93.8 / 98.9%), less a little
 * margin.
 */
const items16 = load('probe-set-16.json');
export const PROBE16_FLOORS: Record<Rate, number> = { paraphrase: 0.92, slip: 0.935, meaning: 0.985, consistent: 1 };

probeSet('probe set 16', items16, PROBE16_FLOORS);

/**
 * Probe set 17 (eval/probe-set-17.json, 700 answers to 140 problems drawn uniformly at random, 35 per
 * level, seed 17; half typed, a quarter phone-typed, a quarter voice-input transcripts): new answers
 * to an ordinary problem mix, written blind and committed before the grader was run on it (decision
 * 068). First measurement 89.2 / 88.9 / 94.9%, consistency 100%; floors at the rates decision 073's
 * general mechanisms reached (94.9 / 93.3 / 98.3%), rounded down.
 */
const items17 = load('probe-set-17.json');
export const PROBE17_FLOORS: Record<Rate, number> = { paraphrase: 0.945, slip: 0.93, meaning: 0.98, consistent: 1 };

probeSet('probe set 17', items17, PROBE17_FLOORS);

/**
 * Probe set 18 (eval/probe-set-18.json, 700 answers to 140 problems drawn uniformly at random, 35 per
 * level, seed 18, as set 17; half typed, a quarter phone-typed, a quarter voice-input transcripts):
 * the next held-out estimate for an ordinary problem mix, written blind and committed before the
 * grader was run on it (decision 072). First measurement 77.8 / 89.4 / 96.6%, consistency 100%; floors
 * at the rates decision 077's round on its failures reached (88.6 / 89.4 / 97.2%), rounded down; raised
 * to decision 079's (89.6 / 89.9 / 97.2%).
 */
const items18 = load('probe-set-18.json');
export const PROBE18_FLOORS: Record<Rate, number> = { paraphrase: 0.895, slip: 0.899, meaning: 0.97, consistent: 1 };

probeSet('probe set 18', items18, PROBE18_FLOORS);

/**
 * Probe set 19 (eval/probe-set-19.json, 700 answers to 140 problems drawn uniformly at random, 35 per
 * level, seed 19, as sets 17 and 18; written as Japanese learners answer, about half typed, a fifth
 * phone-typed, three tenths voice-input transcripts): the next held-out estimate for an ordinary
 * problem mix, written blind and committed before the grader was run on it (decision 078). First
 * measurement 79.4 / 88.9 / 93.8%, consistency 100%; floors at the rates decision 082's round on its
 * failure classes reached (84.5 / 90.4 / 97.7%), rounded down, then at decision 085's (88.0 / 93.3 /
 * 98.9%). That round read its failures, so it is no longer held out.
 */
const items19 = load('probe-set-19.json');
export const PROBE19_FLOORS: Record<Rate, number> = { paraphrase: 0.879, slip: 0.932, meaning: 0.988, consistent: 1 };

probeSet('probe set 19', items19, PROBE19_FLOORS);

/**
 * Probe set 20 (eval/probe-set-20.json, 700 answers to 140 problems drawn uniformly at random, 35 per
 * level, seed 20, as sets 17-19; written as Japanese learners answer, about 43% typed, a quarter
 * phone-typed, a third voice-input transcripts): the next held-out estimate for an ordinary problem
 * mix, written blind and committed before the grader was run on it (decision 084). First measurement
 * 79.1 / 88.0 / 96.0%, consistency 100%; floors at the rates decision 090's round on its failure
 * classes reached (92.4 / 91.3 / 98.3%), rounded down, then at what decisions 092, 093 and 099 reached
 * (94.6 / 92.3 / 98.3%; their transfer checks read set 20's first-run failures, so it is no longer held out).
 */
const items20 = load('probe-set-20.json');
export const PROBE20_FLOORS: Record<Rate, number> = { paraphrase: 0.946, slip: 0.923, meaning: 0.982, consistent: 1 };

probeSet('probe set 20', items20, PROBE20_FLOORS);

/**
 * Probe set 21 (eval/probe-set-21.json, 700 answers to 140 problems drawn uniformly at random, 35 per
 * level, seed 21, as sets 17-20; written as Japanese learners answer, 285 typed, 203 phone-typed, 212
 * voice-input transcripts): written blind and committed alone before the grader was run on it
 * (decision 094). First measurement 76.9 / 89.9 / 93.8%; after the session's three general mechanisms
 * (decisions 092, 093, 099), which never read it, 77.2 / 89.9 / 94.3%. Floors at that, rounded down:
 * a guard against regressions, not a goal. Its paraphrase failures have not been read by any grading
 * round, so it is still the held-out estimate for paraphrases; decision 099's brief named some of its
 * slip and meaning failure classes, so those two rates are not blind.
 */
const items21 = load('probe-set-21.json');
export const PROBE21_FLOORS: Record<Rate, number> = { paraphrase: 0.772, slip: 0.899, meaning: 0.943, consistent: 1 };

probeSet('probe set 21', items21, PROBE21_FLOORS);
