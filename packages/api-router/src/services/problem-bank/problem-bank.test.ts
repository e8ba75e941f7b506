import { LEVEL_KEYS } from '@shunkan/config/levels';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, normalizeAnswer, type Evaluator } from '../evaluator/index.js';
import { allBankProblems, BANK } from './index.js';
import { ZBankProblem } from './types.js';

/** Rough sentence-length bounds per level (shared/research/evaluator.md), in words of the first answer. */
const MAX_WORDS: Record<string, number> = { 'middle-school': 12, 'high-school': 18, toeic: 24, 'basic-verbs': 14 };

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
