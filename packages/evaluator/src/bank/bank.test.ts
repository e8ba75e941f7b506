import { LEVEL_KEYS } from '@shunkan/config/levels';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, normalizeAnswer, type Evaluator } from '../evaluator/index.js';
import { checkLattices, isProblemOk, MIN_SENTENCES } from '../lattice/check';
import { allBankProblems, BANK, LATTICE_DATA, LATTICE_FILES } from './index.js';
import { ZBankProblem } from './types.js';

/** Rough sentence-length bounds per level (shared/research/evaluator.md), in words of the first answer. */
const MAX_WORDS: Record<string, number> = { 'middle-school': 12, 'high-school': 18, toeic: 24, 'basic-verbs': 14 };

/**
 * Problems whose sentence has no word with a fair, interchangeable alternative (only function
 * words, names and fixed phrases). Every other problem must carry per-problem synonyms (issue 4).
 */
const NO_SYNONYMS = new Set([
  'basic-verbs-053', // "Please come in": no word with a fair alternative
  'basic-verbs-054', // "Where are you from?": no word with a fair alternative
  'basic-verbs-083', // "Let me introduce myself": no word with a fair alternative
  'basic-verbs-086', // "let him down / disappoint him": no word with a fair alternative
  'basic-verbs-101', // "see you off": no word with a fair alternative
  'basic-verbs-122', // "brought tears to her eyes": no word with a fair alternative
  'basic-verbs-123', // "run out of coffee": no word with a fair alternative
  'basic-verbs-128', // "My nose is running": no word with a fair alternative
  'basic-verbs-167', // "May I hold the baby?": no word with a fair alternative
  'basic-verbs-168', // "Hold your breath": no word with a fair alternative
  'basic-verbs-173', // "Leave me alone": no word with a fair alternative
  'basic-verbs-174', // "leave a message": no word with a fair alternative
  'basic-verbs-187', // "Can I try this on?": no word with a fair alternative
  'middle-school-005', // "Are you hungry?": no word with a fair alternative
  'middle-school-043', // "When is your birthday?": no word with a fair alternative
  'middle-school-053', // "Please open the window": no word with a fair alternative
  'middle-school-087', // "What are you doing?": no word with a fair alternative
  'middle-school-090', // "waiting for the bus": no word with a fair alternative
  'middle-school-093', // "What were you doing at 3 p.m.?": no word with a fair alternative
  'middle-school-101', // "I will carry the bag": no word with a fair alternative
  'middle-school-118', // "three apples on the desk": no word with a fair alternative
  'middle-school-122', // "How many parks in this town?": no word with a fair alternative
  'middle-school-124', // "a clock on the wall": no word with a fair alternative
  'middle-school-126', // "hotter today than yesterday": no word with a fair alternative
  'middle-school-134', // "the tallest in her class": no word with a fair alternative
  'middle-school-175', // "not written the letter yet": no word with a fair alternative
  'middle-school-183', // "the man standing in front of the station": no word with a fair alternative
  'middle-school-185', // "the singer I have always wanted to meet": no word with a fair alternative
  'middle-school-190', // "a cat sleeping under the bed": no word with a fair alternative
  'middle-school-199', // "We call the dog Pochi": no word with a fair alternative
  'middle-school-209', // "Who is that tall girl?": no word with a fair alternative
  'high-school-006', // "waiting two hours for the bus": no word with a fair alternative
  'high-school-033', // "if you won the lottery": no word with a fair alternative
  'high-school-139', // "too heavy for me to carry": no word with a fair alternative
  'toeic-099', // "spell your name": no word with a fair alternative
  'toeic-157', // "good enough to negotiate": no word with a fair alternative
  'toeic-191', // "speak both English and Chinese": no word with a fair alternative
]);

/** Lower case, final punctuation stripped, spaces collapsed: answers equal under this are the same answer. */
function normaliseLoosely(answer: string): string {
  return answer
    .toLowerCase()
    .replace(/[\s.?!。？！]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('problem bank', () => {
  it('has at least 200 valid problems per level', () => {
    for (const level of LEVEL_KEYS) {
      const problems = BANK[level];
      expect(problems.length, level).toBeGreaterThanOrEqual(200);
      for (const problem of problems) {
        const parsed = ZBankProblem.safeParse(problem);
        expect(parsed.success, `${problem.id}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
        expect(problem.level).toBe(level);
        expect(problem.id.startsWith(`${level}-`)).toBe(true);
      }
    }
  });

  it('has no duplicate ids, sentences or answers', () => {
    const all = allBankProblems();
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const sentences = all.map((p) => p.japanese.replace(/[\s。？！、]/g, ''));
    expect(new Set(sentences).size).toBe(all.length);
    for (const problem of all) {
      const normalised = problem.answers.map(normalizeAnswer);
      expect(new Set(normalised).size, `${problem.id} has answers that only differ in form`).toBe(normalised.length);
    }
  });

  it('has no two problems sharing an accepted answer or a Japanese sentence (ignoring punctuation and spaces)', () => {
    const byAnswer = new Map<string, string>();
    const bySentence = new Map<string, string>();
    const clashes: string[] = [];
    for (const problem of allBankProblems()) {
      const sentence = problem.japanese.replace(/[\s\p{P}]/gu, '');
      const other = bySentence.get(sentence);
      if (other !== undefined) clashes.push(`${other} / ${problem.id}: same Japanese "${problem.japanese}"`);
      bySentence.set(sentence, problem.id);
      for (const answer of new Set(problem.answers.map(normaliseLoosely))) {
        const owner = byAnswer.get(answer);
        if (owner !== undefined) clashes.push(`${owner} / ${problem.id}: same answer "${answer}"`);
        byAnswer.set(answer, problem.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('keeps sentences within the level and synonyms tied to words of the answers', () => {
    for (const problem of allBankProblems()) {
      const words = (problem.answers[0] ?? '').split(/\s+/).length;
      expect(words, problem.id).toBeLessThanOrEqual(MAX_WORDS[problem.level] ?? 24);
      const vocabulary = new Set(problem.answers.join(' ').toLowerCase().match(/[a-z']+/g) ?? []);
      for (const key of Object.keys(problem.synonyms)) {
        for (const part of key.split(/\s+/)) expect(vocabulary.has(part), `${problem.id}: synonym key "${key}"`).toBe(true);
      }
    }
  });

  it('gives every problem per-problem synonyms (except a short allowlist), never a key for itself, without repeats', () => {
    const all = allBankProblems();
    const ids = new Set(all.map((p) => p.id));
    for (const id of NO_SYNONYMS) expect(ids.has(id), `allowlisted ${id} exists`).toBe(true);
    for (const problem of all) {
      const entries = Object.entries(problem.synonyms);
      if (NO_SYNONYMS.has(problem.id)) {
        expect(entries, `${problem.id} is allowlisted as having no synonyms`).toEqual([]);
        continue;
      }
      expect(entries.length, `${problem.id} has no synonyms`).toBeGreaterThan(0);
      for (const [key, values] of entries) {
        const normKey = key.trim().toLowerCase();
        const normValues = values.map((v) => v.trim().toLowerCase());
        expect(normValues.length, `${problem.id}: "${key}" has no alternatives`).toBeGreaterThan(0);
        expect(normValues, `${problem.id}: "${key}" lists itself`).not.toContain(normKey);
        expect(new Set(normValues).size, `${problem.id}: "${key}" repeats a synonym`).toBe(normValues.length);
      }
    }
  });

  describe('graded by the built-in evaluator', () => {
    let evaluator: Evaluator;
    beforeAll(async () => {
      evaluator = await createEvaluator();
    });

    it('gives every accepted answer of every problem 5 stars (別解 for all but the first)', () => {
      const failures: string[] = [];
      for (const problem of allBankProblems()) {
        problem.answers.forEach((answer, index) => {
          const result = evaluator.evaluate(problem, answer);
          if (result.rating !== 5) failures.push(`${problem.id} #${index} "${answer}" → ${result.rating}`);
          if (index > 0 && !result.isAlternative) failures.push(`${problem.id} #${index} not marked 別解`);
        });
      }
      expect(failures).toEqual([]);
    });
  });
});

describe('answer lattices (docs/decisions/007-answer-lattices.md)', () => {
  const lattices = Object.assign({}, ...LEVEL_KEYS.map((l) => LATTICE_DATA[l])) as Record<string, unknown>;
  const report = checkLattices(allBankProblems(), lattices);

  it('belong to problems of the bank, each written once', () => {
    expect(report.unknownIds).toEqual([]);
    for (const level of LEVEL_KEYS) {
      const ids = LATTICE_FILES[level].flatMap((file) => Object.keys(file));
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), level).toEqual([]);
    }
  });

  it(`are valid, accept at least ${MIN_SENTENCES} distinct sentences and every accepted answer`, () => {
    const failing = report.problems.filter((r) => !isProblemOk(r)).map((r) => ({ id: r.id, sentences: r.sentences, errors: r.errors, missingAnswers: r.missingAnswers, slips: r.slips }));
    expect(failing).toEqual([]);
  });

  it('never accept the same sentence for two problems', () => {
    expect(report.collisions).toEqual([]);
  });
});
