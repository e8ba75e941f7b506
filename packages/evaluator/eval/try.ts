/** Grades answers given as `problemId|answer` lines on stdin and prints the verdicts: `npx tsx eval/try.ts < lines`. */
import { readFileSync } from 'node:fs';
import { allBankProblems } from '../src/bank/index';
import { createEvaluator } from '../src/evaluator/index';

const problems = new Map(allBankProblems().map((p) => [p.id, p]));
const evaluator = await createEvaluator();
for (const line of readFileSync(0, 'utf8').split('\n').filter((l) => l.includes('|'))) {
  const [id = '', answer = ''] = line.split('|');
  const problem = problems.get(id.trim());
  if (!problem) continue;
  const r = evaluator.evaluate(problem, answer.trim());
  console.log(`${id} "${answer.trim()}" → ${r.rating}★ ${r.errors.map((e) => `${e.kind}(${e.words.join(' ')}→${e.expected.join(' ')})`).join(', ')}${process.env.ANSWERS ? `\n   answers: ${problem.answers.join(' / ')}` : ''}`);
}
