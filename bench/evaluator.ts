/**
 * Built-in evaluation latency over the whole problem bank, after the resources are loaded and the
 * lattices compiled (`evaluator.prepare()`, as the server does at start-up). Graded per problem:
 * every accepted answer, sentences its answer lattice accepts (spread over expandLattice), and
 * learner-like variants of them: article dropped, wrong tense, a misspelling, words missing, two
 * words swapped, and an unrelated sentence (another problem's answer). Prints load and compile
 * time and p50/p95/p99/max per evaluation, and the same for problems graded before preparation
 * (the first answer then pays for the compilation). Each evaluation is timed twice: wall clock, and
 * the process's CPU time (process.cpuUsage), which a machine loaded by other processes inflates far
 * less than the wall clock.
 */
import { performance } from 'node:perf_hooks';
import { createEvaluator } from '../packages/evaluator/src/evaluator/index.js';
import { compileProblemLattice } from '../packages/evaluator/src/evaluator/lattice-match.js';
import { expandLattice } from '../packages/evaluator/src/lattice/graph.js';
import { LATTICE_DATA, allBankProblems } from '../packages/evaluator/src/bank/index.js';
import type { TBankProblem } from '../packages/evaluator/src/bank/types.js';
import { learnerVariants as variants } from '../packages/evaluator/eval/learner-variants.js';

/** Lattice sentences graded per problem (spread over the first EXPANDED the lattice yields). */
const LATTICE_SAMPLES = 4;
const EXPANDED = 400;

function latticeSamples(problem: TBankProblem): string[] {
  const { graph } = compileProblemLattice(problem, LATTICE_DATA[problem.level]?.[problem.id]);
  const all = expandLattice(graph, EXPANDED);
  const step = Math.max(1, Math.floor(all.length / LATTICE_SAMPLES));
  return all.filter((_, k) => k % step === 0).slice(0, LATTICE_SAMPLES).map((s) => s.surface);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms`;
}

const problems = allBankProblems();
const answersOf = new Map(
  problems.map((p, k) => {
    const other = problems[(k + Math.floor(problems.length / 2)) % problems.length]?.answers[0] ?? 'I like apples.';
    return [p.id, [...new Set([...p.answers, ...latticeSamples(p)])].flatMap((a) => variants(a, other))];
  }),
);

const loadStart = performance.now();
const evaluator = await createEvaluator();
const loadMs = performance.now() - loadStart;
// A problem's first answer before preparation (a reference in the same run: its compilation).
const cold = problems.filter((_, k) => k % 20 === 0);
const coldTimings = cold.map((p) => {
  const start = performance.now();
  evaluator.evaluate(p, p.answers[0] ?? '');
  return performance.now() - start;
});
const prepareStart = performance.now();
await evaluator.prepare();
const prepareMs = performance.now() - prepareStart;

const timings: number[] = [];
const cpuTimings: number[] = [];
const ratings = [0, 0, 0, 0, 0, 0];
for (const problem of problems) {
  for (const answer of answersOf.get(problem.id) ?? []) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = evaluator.evaluate(problem, answer);
    timings.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimings.push((used.user + used.system) / 1000);
    ratings[result.rating] = (ratings[result.rating] ?? 0) + 1;
  }
}
console.log(`built-in evaluator: ${problems.length} problems, ${timings.length} answers graded (accepted answers, lattice samples, learner-like variants)`);
console.log(`  resource load: ${loadMs.toFixed(0)} ms; lattice preparation of the bank: ${prepareMs.toFixed(0)} ms`);
console.log(`  per evaluation (prepared), wall clock: ${summary(timings)}`);
console.log(`  per evaluation (prepared), CPU time:   ${summary(cpuTimings)}`);
console.log(`  first answer to a problem before preparation (${cold.length} problems): ${summary(coldTimings)}`);
console.log(`  rating distribution (1-5): ${ratings.slice(1).join(' / ')}`);
