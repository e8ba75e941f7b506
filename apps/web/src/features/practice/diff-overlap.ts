import type { PracticeResult } from './practice-api';

export type DiffToken = PracticeResult['diff'][number];

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Whether the answer has too little in common with the model answer for a word-by-word comparison to
 * help: under a third of the model's words kept (an unrelated sentence, another language, a fragment).
 * Such a comparison is a row of strike-outs, one per word, which reads as noise rather than as what to fix.
 */
export function isWhollyDifferent(diff: DiffToken[]): boolean {
  let kept = 0;
  let model = 0;
  for (const token of diff) {
    if (token.op === 'equal') kept += wordCount(token.text);
    if (token.op !== 'delete') model += wordCount(token.op === 'equal' ? token.text : token.expected);
  }
  return model > 0 && kept * 3 < model;
}
