/**
 * Learner-like variants of an accepted answer, shared by bench/evaluator.ts (latency over the bank) and
 * eval/fingerprint.ts (verdicts that a speed change must not move): the answer itself, article dropped,
 * two words swapped, tense changed, the last words cut, a misspelling, and an unrelated sentence.
 */
const TENSE: Record<string, string> = { is: 'was', are: 'were', was: 'is', were: 'are', has: 'had', have: 'had', will: 'would', do: 'did', does: 'did', did: 'do' };

export function learnerVariants(answer: string, unrelated: string): string[] {
  const words = answer.replace(/[.?!]$/, '').split(' ');
  const mid = Math.floor(words.length / 2);
  const out = [answer];
  out.push(words.filter((w) => !/^(a|an|the)$/i.test(w)).join(' '));
  if (words.length > 3) out.push([...words.slice(0, 1), words[2], words[1], ...words.slice(3)].join(' '));
  out.push(words.map((w) => TENSE[w.toLowerCase()] ?? (/ed$/.test(w) ? w.replace(/ed$/, '') : w)).join(' '));
  out.push(words.slice(0, Math.max(1, words.length - 2)).join(' '));
  out.push(words.map((w, i) => (i === mid && w.length > 4 ? w.slice(0, -2) + w.at(-1) + w.at(-2) : w)).join(' '));
  out.push(unrelated);
  return out;
}
