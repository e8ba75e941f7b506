/**
 * Japanese feedback: what was right, what to fix (the error messages), and the grammar point.
 * Templates only, so the same answer always gets the same words.
 */
import type { TBankProblem } from '../bank/types';
import type { DraftError } from './classify';

export interface FeedbackInput {
  problem: TBankProblem;
  rating: number;
  errors: readonly DraftError[];
  isAlternative: boolean;
  /** Index of the accepted answer graded against. */
  answerIndex: number;
  recall: number;
  /** The learner's answer had no English words: empty, or written in Japanese. */
  noEnglish?: 'empty' | 'japanese';
  /** The answer shares (almost) no content words with any accepted answer. */
  unrelated?: boolean;
}

const HEADERS: Readonly<Record<number, string>> = {
  5: '完璧です！',
  4: 'よくできています。あと少しです。',
  3: 'おしいです。いくつか直すところがあります。',
  2: 'もう一息です。模範解答と見比べてみましょう。',
  1: '模範解答を確認して、もう一度挑戦しましょう。',
};

/** At most this many fixes are listed: a long list discourages more than it teaches. */
const MAX_FIXES = 5;

function grammarLine(problem: TBankProblem): string {
  const point = problem.grammarPoint?.trim();
  const explanation = problem.explanation?.trim();
  if (point && explanation) return `【${point}】${explanation}`;
  return point ? `【${point}】` : (explanation ?? '');
}

function otherPhrasing(problem: TBankProblem, answerIndex: number): string | undefined {
  return problem.answers.find((_, k) => k !== answerIndex);
}

function positives(input: FeedbackInput): string[] {
  // Praising the word order of a sentence that says the opposite would mislead the learner.
  if (input.errors.some((e) => e.meaning)) return [];
  const kinds = new Set(input.errors.map((e) => e.kind));
  const out: string[] = [];
  if (input.recall >= 0.5 && !kinds.has('word-order')) out.push('語順は正しくできています。');
  if (input.recall === 1 && !kinds.has('word-choice') && !input.errors.some((e) => e.contentLoss)) {
    out.push('必要な単語はすべて使えています。');
  }
  if (input.recall >= 0.5 && !kinds.has('tense') && !kinds.has('agreement') && !kinds.has('verb-form')) {
    out.push('動詞の形（時制）は正しくできています。');
  }
  return out.slice(0, 2);
}

export function buildFeedback(input: FeedbackInput): string {
  const { problem, rating } = input;
  const lines: string[] = [];
  if (input.noEnglish === 'empty') {
    lines.push('答えが入力されていません。模範解答を見て、声に出して言ってみましょう。');
  } else if (input.noEnglish === 'japanese') {
    lines.push('英語で答えてみましょう。まずは模範解答をまねして言ってみましょう。');
  } else if (input.unrelated) {
    lines.push('問題文とは違う意味の文になっています。模範解答を確認して、もう一度挑戦しましょう。');
  } else if (rating === 5 && input.errors.length === 0) {
    const other = otherPhrasing(problem, input.answerIndex);
    if (input.isAlternative) {
      // Correct, in other words than the model answer: say so, and show the model answer.
      const model = input.answerIndex === 0 ? other : problem.answers[0];
      lines.push(model ? `正解です。別の言い方: 「${model}」` : '正解です。');
    } else if (other) {
      lines.push(HEADERS[5] ?? '');
      lines.push(`別の言い方：「${other}」`);
    } else {
      lines.push(HEADERS[5] ?? '');
    }
  } else {
    lines.push(HEADERS[rating] ?? HEADERS[1] ?? '');
    if (rating >= 2) lines.push(...positives(input));
    const fixes = input.errors.slice(0, MAX_FIXES).map((e) => `・${e.message}`);
    if (fixes.length > 0) {
      lines.push('直すところ：', ...fixes);
      if (input.errors.length > MAX_FIXES) lines.push(`ほか${input.errors.length - MAX_FIXES}か所`);
    }
  }
  const grammar = grammarLine(problem);
  if (grammar) lines.push(grammar);
  return lines.join('\n');
}
