/**
 * Verdict fingerprint: grades a fixed corpus and writes every full verdict (rating, errors,
 * feedback, model answer, diff, similar phrases, everything evaluate() returns), one JSON line per
 * answer, then prints the SHA-256 of the whole. A change meant to make the grader faster, not
 * different, must leave the fingerprint byte-identical.
 *
 * The corpus: every item of the frozen set and the probe sets (eval/*.json); every (problem id,
 * answer) pair written in the evaluator's tests (bank cases, naming rules, ...); for every bank
 * problem and every test fixture, each accepted answer with learner-like variants of it (article
 * dropped, two words swapped, tense changed, words cut, a misspelling, another problem's answer)
 * and the answers bench/http.ts sends. It is graded twice in one process (a problem's cached
 * analysis must not change a later verdict) and once by a second evaluator in the opposite order.
 *
 *   cd packages/evaluator && npx tsx eval/fingerprint.ts [out.jsonl]
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { allBankProblems } from '../src/bank/index';
import type { TBankProblem } from '../src/bank/types';
import { ALL_PROBLEMS } from '../src/evaluator/evaluator.fixtures';
import { createEvaluator } from '../src/evaluator/index';
import { learnerVariants as variants } from './learner-variants';

const here = import.meta.dirname;
const out = process.argv[2] ?? '/tmp/verdict-fingerprint.jsonl';

const bank = allBankProblems();
const byId = new Map<string, TBankProblem>(bank.map((p) => [p.id, p]));
const cases: [TBankProblem, string][] = [];

// The frozen set and the probe sets.
for (const file of readdirSync(here).filter((f) => f.endsWith('.json')).sort()) {
  for (const item of JSON.parse(readFileSync(join(here, file), 'utf8')) as { problemId: string; answer: string }[]) {
    const problem = byId.get(item.problemId);
    if (problem) cases.push([problem, item.answer]);
  }
}

// (problem id, answer) pairs written in the tests: ['toeic-032', 'We chose ...', ...].
const testDir = join(here, '..', 'src', 'evaluator');
const literal = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
const pair = new RegExp(String.raw`\[\s*'([a-z-]+-\d{3})'\s*,\s*` + literal, 'g');
for (const file of readdirSync(testDir).filter((f) => f.endsWith('.test.ts')).sort()) {
  for (const match of readFileSync(join(testDir, file), 'utf8').matchAll(pair)) {
    const problem = byId.get(match[1]!);
    if (problem) cases.push([problem, (0, eval)(match[2]!) as string]);
  }
}

// Accepted answers with learner-like variants, and the bench's answers, for every problem.
const BENCH_ANSWERS = ['I think this is a good answer.', 'He goes to school every day.', 'Could you tell me the way to the station?', 'I have never been there.'];
const all = [...bank, ...ALL_PROBLEMS];
all.forEach((problem, k) => {
  const other = all[(k + Math.floor(all.length / 2)) % all.length]?.answers[0] ?? 'I like apples.';
  for (const answer of problem.answers) for (const v of variants(answer, other)) cases.push([problem, v]);
  for (const answer of BENCH_ANSWERS) cases.push([problem, answer]);
});

const line = (problem: TBankProblem, answer: string, verdict: unknown) => JSON.stringify([problem.id, answer, verdict]);

const started = performance.now();
const first = await createEvaluator();
const lines = cases.map(([p, a]) => line(p, a, first.evaluate(p, a)));
const firstMs = performance.now() - started;
const again = cases.map(([p, a]) => line(p, a, first.evaluate(p, a)));
const second = await createEvaluator();
const reversed = cases.map((c, k) => [c, k] as const).reverse();
const other: string[] = [];
for (const [[p, a], k] of reversed) other[k] = line(p, a, second.evaluate(p, a));

let differ = 0;
for (let k = 0; k < lines.length; k++) {
  if (lines[k] === again[k] && lines[k] === other[k]) continue;
  differ += 1;
  if (process.env.FP_SHOW) console.log(`differs:\n  ${lines[k]}\n  ${again[k]}\n  ${other[k]}`);
}
const text = lines.join('\n') + '\n';
writeFileSync(out, text);
console.log(`${cases.length} verdicts (${(firstMs / 1000).toFixed(1)} s the first pass); written to ${out}`);
console.log(`fingerprint ${createHash('sha256').update(text).digest('hex')}`);
if (differ > 0) {
  console.log(`${differ} verdicts differ between passes or evaluators (order-dependent grading)`);
  process.exitCode = 1;
}
