/**
 * The grader's shortcuts (EvaluatorOptions.shortcuts) must never change a verdict: an evaluator
 * with them and one grading everything in full give the same full verdict on the frozen set and,
 * for every third bank problem, the answers bench/http.ts sends (sentences unrelated to most
 * problems: the shortcut's case) and another problem's answer. A new grading rule that lets a
 * candidate recall content another way than recallCeiling (score.ts) knows fails here.
 * (eval/fingerprint.ts checks the shortcuts on its whole corpus: its hash is that of full grading.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allBankProblems } from '../bank/index';
import type { TBankProblem } from '../bank/types';
import { createEvaluator } from './index';

const EVAL_DIR = join(import.meta.dirname, '..', '..', 'eval');
const BENCH_ANSWERS = ['I think this is a good answer.', 'He goes to school every day.', 'Could you tell me the way to the station?', 'I have never been there.'];

describe('grader shortcuts', () => {
  it('give the verdicts of full grading', async () => {
    const bank = allBankProblems();
    const byId = new Map<string, TBankProblem>(bank.map((p) => [p.id, p]));
    const cases: [TBankProblem, string][] = [];
    for (const file of readdirSync(EVAL_DIR).filter((f) => /^frozen-set.*\.json$/.test(f)).sort()) {
      for (const item of JSON.parse(readFileSync(join(EVAL_DIR, file), 'utf8')) as { problemId: string; answer: string }[]) {
        const problem = byId.get(item.problemId);
        if (problem) cases.push([problem, item.answer]);
      }
    }
    bank.forEach((problem, k) => {
      if (k % 3 !== 0) return;
      for (const answer of BENCH_ANSWERS) cases.push([problem, answer]);
      cases.push([problem, bank[(k + 7) % bank.length]?.answers[0] ?? 'I like apples.']);
    });
    let shortcuts = 0;
    const fast = await createEvaluator({ onShortcut: () => (shortcuts += 1) });
    const full = await createEvaluator({ shortcuts: false });
    const differ: string[] = [];
    for (const [problem, answer] of cases) {
      const a = JSON.stringify(fast.evaluate(problem, answer));
      const b = JSON.stringify(full.evaluate(problem, answer));
      if (a !== b) differ.push(`${problem.id} ${JSON.stringify(answer)}\n  shortcut: ${a}\n  full:     ${b}`);
    }
    console.log(`${cases.length} answers, ${shortcuts} decided by a shortcut, ${differ.length} differ`);
    expect(differ.slice(0, 5)).toEqual([]);
    // The comparison means something only if the shortcuts were taken often.
    expect(shortcuts).toBeGreaterThan(cases.length / 4);
  });
});
