/**
 * Grading time per answer of the answers bench/http.ts sends (its four sentences to problems of its
 * four levels), in process after the lattices are compiled: the mean the evaluator's worker thread
 * spends per evaluation request of the HTTP benchmark (CPU of this thread, not wall time).
 *
 *   cd packages/evaluator && npx tsx eval/grade-time.ts [problems per level, default 40]
 *
 * A second line splits the answers into those the far check decides (an answer unrelated to the
 * problem: most of the bench's) and the others (graded in full), each as the fastest of ROUNDS rounds:
 * on a loaded machine the fastest round moves much less than the mean, so two builds compare by it.
 */
import { allBankProblems } from '../src/bank/index';
import { createEvaluator } from '../src/evaluator/index';

const ANSWERS = ['I think this is a good answer.', 'He goes to school every day.', 'Could you tell me the way to the station?', 'I have never been there.'];
const LEVELS = ['toeic', 'middle-school', 'high-school', 'basic-verbs'];
const perLevel = Number(process.argv[2] ?? 40);

const problems = LEVELS.flatMap((level) => allBankProblems().filter((p) => p.level === level).slice(0, perLevel));
let shortcuts = 0;
const evaluator = await createEvaluator({ onShortcut: () => shortcuts++ });
await evaluator.prepare(problems);
// Warm-up: the JIT and the grader's per-problem caches, as in a server that has graded before.
for (const problem of problems) for (const answer of ANSWERS) evaluator.grade(problem, answer);
const rounds = Number(process.env.ROUNDS ?? 3);
const start = process.cpuUsage();
for (let r = 0; r < rounds; r++) for (const problem of problems) for (const answer of ANSWERS) evaluator.grade(problem, answer);
const used = process.cpuUsage(start);
const n = rounds * problems.length * ANSWERS.length;
console.log(`${n} grades of ${problems.length} problems: ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU per grade`);

// The split: which answers the far check decides, then the fastest round of each kind.
const far: [(typeof problems)[number], string][] = [];
const near: [(typeof problems)[number], string][] = [];
for (const problem of problems) {
  for (const answer of ANSWERS) {
    const before = shortcuts;
    evaluator.grade(problem, answer);
    (shortcuts > before ? far : near).push([problem, answer]);
  }
}
const fastest = (pairs: typeof far): string => {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t = process.cpuUsage();
    for (const [problem, answer] of pairs) evaluator.grade(problem, answer);
    const u = process.cpuUsage(t);
    best = Math.min(best, (u.user + u.system) / 1000 / pairs.length);
  }
  return best.toFixed(3);
};
console.log(`fastest round: ${far.length} far answers ${fastest(far)} ms, ${near.length} graded in full ${fastest(near)} ms per grade`);
