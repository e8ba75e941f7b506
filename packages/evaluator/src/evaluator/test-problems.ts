import type { TBankProblem } from '../bank/types';

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
