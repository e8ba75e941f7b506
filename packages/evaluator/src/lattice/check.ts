/**
 * The bank's lattice checks (used by the bank test and `pnpm --filter @shunkan/evaluator
 * check-lattices`): each lattice parses and compiles, accepts at least MIN_SENTENCES distinct
 * sentences and every accepted answer of its problem, and no two problems accept the same sentence.
 */
import type { TBankProblem } from '../bank/types';
import { acceptsSentence, compileLattice, expandLattice } from './graph';
import { slipsIn } from './slips';
import { ZLattice, type TLattice } from './types';

export const MIN_SENTENCES = 50;
/**
 * Sentences enumerated per problem for counting, the cross-problem check and the slip check: above
 * the largest lattice of the bank, so that every accepted sentence is checked.
 */
export const EXPANSION_LIMIT = 10_000;
/** Walk steps for that enumeration (paths that repeat a sentence cost steps too). */
export const EXPANSION_BUDGET = 5_000_000;

export type ProblemReport = {
  id: string;
  /** Distinct accepted sentences, counted up to EXPANSION_LIMIT. */
  sentences: number;
  /** Accepted answers of the problem that the lattice does not accept. */
  missingAnswers: string[];
  /** Parse, schema or compile errors. */
  errors: string[];
  /** Accepted sentences that contain a learner slip (SLIP_PATTERNS), with the slip's name. */
  slips: string[];
  /** The least number of sentences this lattice must accept. */
  minSentences: number;
};

export type LatticeReport = {
  problems: ProblemReport[];
  /** Problems of the bank with no lattice. */
  withoutLattice: string[];
  /** Lattice ids that are not problems of the bank. */
  unknownIds: string[];
  /** A sentence accepted by two problems. */
  collisions: { sentence: string; ids: [string, string] }[];
};

export function isProblemOk(r: ProblemReport): boolean {
  return r.errors.length === 0 && r.missingAnswers.length === 0 && r.slips.length === 0 && r.sentences >= r.minSentences;
}

export function checkLattices(problems: readonly TBankProblem[], lattices: Record<string, unknown>): LatticeReport {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const reports: ProblemReport[] = [];
  const owner = new Map<string, string>();
  const collisions: LatticeReport['collisions'] = [];
  for (const [id, raw] of Object.entries(lattices)) {
    const problem = byId.get(id);
    if (!problem) continue;
    const report: ProblemReport = { id, sentences: 0, missingAnswers: [], errors: [], slips: [], minSentences: MIN_SENTENCES };
    reports.push(report);
    const parsed = ZLattice.safeParse(raw);
    if (!parsed.success) {
      report.errors.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
      continue;
    }
    try {
      const graph = compileLattice(parsed.data as TLattice);
      const expanded = expandLattice(graph, EXPANSION_LIMIT, EXPANSION_BUDGET);
      report.sentences = expanded.length;
      report.missingAnswers = problem.answers.filter((a) => !acceptsSentence(graph, a));
      for (const s of expanded) {
        const key = s.tokens.join(' ');
        for (const slip of slipsIn(key)) report.slips.push(`"${key}" (${slip.name})`);
        const other = owner.get(key);
        if (other && other !== id) collisions.push({ sentence: key, ids: [other, id] });
        else owner.set(key, id);
      }
    } catch (error) {
      report.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return {
    problems: reports,
    withoutLattice: problems.filter((p) => !(p.id in lattices)).map((p) => p.id),
    unknownIds: Object.keys(lattices).filter((id) => !byId.has(id)),
    collisions,
  };
}
