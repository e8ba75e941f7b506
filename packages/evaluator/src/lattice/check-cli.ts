/**
 * `pnpm --filter @shunkan/evaluator check-lattices [level ...] [--show id[,id]] [--samples N]`
 * Reports per level: problems with a lattice, failing ones (why), collisions between problems.
 * `--show` prints sample accepted sentences of the given problems, to review a lattice by eye.
 */
import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { BANK, LATTICE_DATA, LATTICE_FILES } from '../bank/index';
import { checkLattices, EXPANSION_BUDGET, EXPANSION_LIMIT, isProblemOk } from './check';
import { compileLattice, expandLattice } from './graph';
import { ZLattice } from './types';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const levels = args.filter((a) => (LEVEL_KEYS as readonly string[]).includes(a)) as LevelKey[];
const show = flag('--show')?.split(',') ?? [];
const samples = Number(flag('--samples') ?? 40);

if (show.length > 0) {
  for (const id of show) {
    const level = LEVEL_KEYS.find((l) => id.startsWith(l));
    const raw = level ? LATTICE_DATA[level][id] : undefined;
    const problem = level ? BANK[level].find((p) => p.id === id) : undefined;
    if (!raw || !problem) {
      console.log(`${id}: no lattice`);
      continue;
    }
    const graph = compileLattice(ZLattice.parse(raw));
    const all = expandLattice(graph, EXPANSION_LIMIT, EXPANSION_BUDGET);
    console.log(`\n${id} ${problem.japanese}  (${all.length}${all.length >= EXPANSION_LIMIT ? '+' : ''} sentences)`);
    const step = Math.max(1, Math.floor(all.length / samples));
    for (let i = 0; i < all.length; i += step) console.log(`  ${all[i]?.surface}`);
  }
  process.exit(0);
}

let failed = 0;
const allProblems = LEVEL_KEYS.flatMap((l) => BANK[l]);
const allLattices = Object.assign({}, ...LEVEL_KEYS.map((l) => LATTICE_DATA[l])) as Record<string, unknown>;
const report = checkLattices(allProblems, allLattices);
for (const level of levels.length > 0 ? levels : LEVEL_KEYS) {
  const mine = report.problems.filter((r) => r.id.startsWith(level));
  const bad = mine.filter((r) => !isProblemOk(r));
  const missing = report.withoutLattice.filter((id) => id.startsWith(level));
  console.log(`\n${level}: ${mine.length - bad.length} ok, ${bad.length} failing, ${missing.length} without a lattice`);
  for (const r of bad) {
    failed += 1;
    const why = [...r.errors, ...(r.sentences < r.minSentences ? [`only ${r.sentences} sentences (at least ${r.minSentences})`] : []), ...r.missingAnswers.map((a) => `does not accept "${a}"`), ...r.slips.map((s) => `accepts a slip: ${s}`)];
    console.log(`  ✘ ${r.id}: ${why.join('; ')}`);
  }
  const counts = mine.map((r) => r.sentences).sort((a, b) => a - b);
  if (counts.length > 0) console.log(`  sentences per lattice: min ${counts[0]}, median ${counts[Math.floor(counts.length / 2)]}`);
}
for (const c of report.collisions.filter((c) => levels.length === 0 || levels.some((l) => c.ids.some((id) => id.startsWith(l))))) {
  failed += 1;
  console.log(`  ✘ "${c.sentence}" accepted by both ${c.ids[0]} and ${c.ids[1]}`);
}
for (const id of report.unknownIds) console.log(`  ✘ ${id} is not a problem of the bank`);
for (const level of LEVEL_KEYS) {
  const [first, second] = LATTICE_FILES[level];
  for (const id of Object.keys(first ?? {}).filter((id) => second && id in second)) {
    failed += 1;
    console.log(`  ✘ ${id} is written in both ${level}.json and ${level}.b.json: two authors wrote it; keep one`);
  }
}
process.exit(failed > 0 || report.unknownIds.length > 0 ? 1 : 0);
