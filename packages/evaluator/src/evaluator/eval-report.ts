/**
 * The four rates of issue #12 over a set of graded learner answers (eval/*.json, see eval/README.md):
 * paraphrases >= 4 stars, one-slip answers 3-4 stars with the slip named, meaning errors <= 2 stars,
 * and the same answer graded the same by the same and by a fresh evaluator. Shared by the set tests
 * and by `eval/report.ts`.
 */
import type { TBankProblem } from '../bank/types';
import type { Evaluator } from './index';
import type { ErrorKind } from './types';

export type EvalItem = {
  problemId: string;
  answer: string;
  kind: 'paraphrase' | 'slip' | 'meaning';
  minStars: number;
  maxStars: number;
  slip?: ErrorKind;
  note?: string;
};

export type Rate = 'paraphrase' | 'slip' | 'meaning' | 'consistent';
export const RATES: readonly Rate[] = ['paraphrase', 'slip', 'meaning', 'consistent'];

/** The goals of issue #12 (share of items, 0-1); the slip goal is held 5 points above the issue's 90%. */
export const GOALS: Record<Rate, number> = { paraphrase: 0.9, slip: 0.95, meaning: 0.95, consistent: 1 };

export type EvalReport = {
  rates: Record<Rate, number>;
  passed: Record<Rate, number>;
  total: Record<Rate, number>;
  failures: string[];
};

export function measure(
  items: readonly EvalItem[],
  problems: ReadonlyMap<string, TBankProblem>,
  first: Evaluator,
  second: Evaluator,
): EvalReport {
  const passed: Record<Rate, number> = { paraphrase: 0, slip: 0, meaning: 0, consistent: 0 };
  const total: Record<Rate, number> = { paraphrase: 0, slip: 0, meaning: 0, consistent: 0 };
  const failures: string[] = [];
  for (const item of items) {
    const problem = problems.get(item.problemId);
    if (!problem) continue;
    const result = first.evaluate(problem, item.answer);
    const again = first.evaluate(problem, item.answer);
    const fresh = second.evaluate(problem, item.answer);
    total.consistent += 1;
    if (again.rating === result.rating && fresh.rating === result.rating) passed.consistent += 1;
    else failures.push(`inconsistent: ${item.problemId} "${item.answer}" ${result.rating}/${again.rating}/${fresh.rating}`);

    const inRange = result.rating >= item.minStars && result.rating <= item.maxStars;
    const named = item.kind !== 'slip' || result.errors.some((e) => e.kind === item.slip);
    total[item.kind] += 1;
    if (inRange && named) {
      passed[item.kind] += 1;
    } else {
      const got = result.errors.map((e) => `${e.kind}(${e.words.join(' ')}→${e.expected.join(' ')})`).join(', ');
      failures.push(`${item.kind}${item.slip ? `:${item.slip}` : ''} ${item.problemId} "${item.answer}" → ${result.rating}★ ${got}`);
    }
  }
  const rates = Object.fromEntries(RATES.map((r) => [r, total[r] === 0 ? 1 : passed[r] / total[r]])) as Record<Rate, number>;
  return { rates, passed, total, failures };
}

export function formatReport(title: string, report: EvalReport, floors: Record<Rate, number>): string {
  const lines = RATES.map((rate) => {
    const value = report.rates[rate];
    const gap = GOALS[rate] - value;
    return (
      `${rate.padEnd(10)} ${(value * 100).toFixed(1)}% (${report.passed[rate]}/${report.total[rate]})  goal ${(GOALS[rate] * 100).toFixed(0)}%` +
      (gap > 0 ? `  gap ${(gap * 100).toFixed(1)} points (floor ${(floors[rate] * 100).toFixed(1)}%)` : '  ✓')
    );
  });
  return `${title}\n${lines.join('\n')}\n\nnot passing:\n${report.failures.join('\n')}`;
}
