/**
 * Grading time per answer of the answers bench/http.ts sends (its four sentences to problems of its
 * four levels), in process after the lattices are compiled: the mean the evaluator's worker thread
 * spends per evaluation request of the HTTP benchmark (CPU of this thread, not wall time).
 *
 *   cd packages/evaluator && npx tsx eval/grade-time.ts [problems per level, default 40]
 */
import { allBankProblems } from '../src/bank/index';
import { createEvaluator } from '../src/evaluator/index';

const ANSWERS = ['I think this is a good answer.', 'He goes to school every day.', 'Could you tell me the way to the station?', 'I have never been there.'];
const LEVELS = ['toeic', 'middle-school', 'high-school', 'basic-verbs'];
const perLevel = Number(process.argv[2] ?? 40);

const problems = LEVELS.flatMap((level) => allBankProblems().filter((p) => p.level === level).slice(0, perLevel));
const evaluator = await createEvaluator();
await evaluator.prepare(problems);
// Warm-up: the JIT and the grader's per-problem caches, as in a server that has graded before.
for (const problem of problems) for (const answer of ANSWERS) evaluator.grade(problem, answer);
const rounds = Number(process.env.ROUNDS ?? 3);
const start = process.cpuUsage();
for (let r = 0; r < rounds; r++) for (const problem of problems) for (const answer of ANSWERS) evaluator.grade(problem, answer);
const used = process.cpuUsage(start);
const n = rounds * problems.length * ANSWERS.length;
console.log(`${n} grades of ${problems.length} problems: ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU per grade`);
