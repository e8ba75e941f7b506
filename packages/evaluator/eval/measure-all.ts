/**
 * Measures every set in eval/ (or the files named on the command line) and prints the four rates and the
 * failing items: `npx tsx eval/measure-all.ts [probe-set-10.json ...]`. `--slips` lists only slip failures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allBankProblems } from '../src/bank/index';
import type { TBankProblem } from '../src/bank/types';
import { type EvalItem, measure, RATES } from '../src/evaluator/eval-report';
import { createEvaluator } from '../src/evaluator/index';

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const onlySlips = args.includes('--slips');
const quiet = args.includes('--quiet');
const named = args.filter((a) => a.endsWith('.json'));
const files = named.length > 0 ? named : readdirSync(dir).filter((f) => /^(frozen|probe)-set.*\.json$/.test(f)).sort();
const problems = new Map<string, TBankProblem>(allBankProblems().map((p) => [p.id, p]));
const first = await createEvaluator();
const second = await createEvaluator();
for (const file of files) {
  const items = JSON.parse(readFileSync(join(dir, file), 'utf8')) as EvalItem[];
  const report = measure(items, problems, first, second);
  const rates = RATES.map((r) => `${r} ${(report.rates[r] * 100).toFixed(1)}% (${report.passed[r]}/${report.total[r]})`).join('  ');
  console.log(`${file}: ${rates}`);
  if (!quiet) for (const f of report.failures) if (!onlySlips || f.startsWith('slip')) console.log(`  ${f}`);
}
