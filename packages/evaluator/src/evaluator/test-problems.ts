import { expect } from 'vitest';
import type { TBankProblem } from '../bank/types';
import type { TEvaluation } from './types';

/**
 * For the grader's tests: a maker of middle-school problems of the tests' own sentences, numbered from
 * `first` (ids outside the bank's), with the explanation given and optional slot synonyms.
 */
export function testProblems(first: number, explanation: string) {
  let serial = first;
  return (japanese: string, answers: string[], synonyms: Record<string, string[]> = {}): TBankProblem => {
    serial += 1;
    return {
      id: `middle-school-${serial}`,
      level: 'middle-school',
      japanese,
      answers,
      grammarPoint: 'テスト',
      explanation,
      synonyms,
      similarPhrases: [
        { en: 'See you.', ja: 'またね。' },
        { en: 'Thank you.', ja: 'ありがとう。' },
      ],
    };
  };
}

/**
 * Each case: the Japanese sentence, its accepted answer, a paraphrase that must get 4 stars or more and
 * the paraphrase with its meaning changed, which must get 2 stars or fewer (a widening must not let a
 * meaning error through).
 */
export function expectParaphraseCases(
  evaluate: (problem: TBankProblem, answer: string) => TEvaluation,
  problem: (japanese: string, answers: string[]) => TBankProblem,
  cases: readonly (readonly [string, string, string, string])[],
): void {
  for (const [japanese, answer, paraphrase, wrong] of cases) {
    const p = problem(japanese, [answer]);
    const ok = evaluate(p, paraphrase);
    const bad = evaluate(p, wrong);
    expect(ok.rating, `${paraphrase} for ${answer}: ${ok.errors.map((e) => e.kind).join(', ')}`).toBeGreaterThanOrEqual(4);
    expect(bad.rating, `${wrong} for ${answer}`).toBeLessThanOrEqual(2);
  }
}
