/**
 * Built-in evaluation latency over the whole problem bank: every accepted answer plus learner-like
 * variants (article dropped, word order swapped, verb form changed, words missing, a typo), graded
 * after the resources are loaded. Prints load time and p50/p95/p99/max per evaluation.
 */
import { performance } from 'node:perf_hooks';
import { createEvaluator } from '../packages/evaluator/src/evaluator/index.js';
import { allBankProblems } from '../packages/evaluator/src/bank/index.js';

function variants(answer: string): string[] {
  const words = answer.replace(/[.?!]$/, '').split(' ');
  const out = [answer];
  out.push(words.filter((w) => !/^(a|an|the)$/i.test(w)).join(' '));
  if (words.length > 3) out.push([...words.slice(0, 1), words[2], words[1], ...words.slice(3)].join(' '));
  out.push(words.map((w) => (/^(is|are)$/i.test(w) ? 'be' : w.replace(/ed$/, ''))).join(' '));
  out.push(words.slice(0, Math.max(1, words.length - 2)).join(' '));
  out.push(words.map((w, i) => (i === Math.floor(words.length / 2) && w.length > 4 ? w.slice(0, -2) + w.at(-1) + w.at(-2) : w)).join(' '));
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const loadStart = performance.now();
const evaluator = await createEvaluator();
const loadMs = performance.now() - loadStart;
const problems = allBankProblems();
const timings: number[] = [];
const ratings = [0, 0, 0, 0, 0, 0];
for (const problem of problems) {
  for (const answer of problem.answers.flatMap(variants)) {
    const start = performance.now();
    const result = evaluator.evaluate(problem, answer);
    timings.push(performance.now() - start);
    ratings[result.rating] = (ratings[result.rating] ?? 0) + 1;
  }
}
timings.sort((a, b) => a - b);
console.log(`built-in evaluator: ${problems.length} problems, ${timings.length} answers graded`);
console.log(`  resource load: ${loadMs.toFixed(0)} ms`);
console.log(
  `  per evaluation: p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms, max ${timings.at(-1)?.toFixed(2)} ms`,
);
console.log(`  rating distribution (1-5): ${ratings.slice(1).join(' / ')}`);
