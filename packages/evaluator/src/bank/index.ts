import type { LevelKey } from '@shunkan/config/levels';
import basicVerbs from './data/basic-verbs.json' with { type: 'json' };
import basicVerbsLatticesB from './lattices/basic-verbs.b.json' with { type: 'json' };
import basicVerbsLattices from './lattices/basic-verbs.json' with { type: 'json' };
import highSchoolLatticesB from './lattices/high-school.b.json' with { type: 'json' };
import highSchoolLattices from './lattices/high-school.json' with { type: 'json' };
import middleSchoolLatticesB from './lattices/middle-school.b.json' with { type: 'json' };
import middleSchoolLattices from './lattices/middle-school.json' with { type: 'json' };
import toeicLatticesB from './lattices/toeic.b.json' with { type: 'json' };
import toeicLattices from './lattices/toeic.json' with { type: 'json' };
import highSchool from './data/high-school.json' with { type: 'json' };
import middleSchool from './data/middle-school.json' with { type: 'json' };
import toeic from './data/toeic.json' with { type: 'json' };
import type { TBankProblem } from './types.js';

export { ZBankProblem, type TBankProblem } from './types.js';

/** The bundled problem bank, versioned with the code (validated by bank.test.ts). */
export const BANK: Record<LevelKey, readonly TBankProblem[]> = {
  toeic: toeic as TBankProblem[],
  'middle-school': middleSchool as TBankProblem[],
  'high-school': highSchool as TBankProblem[],
  'basic-verbs': basicVerbs as TBankProblem[],
};

export function allBankProblems(): TBankProblem[] {
  return Object.values(BANK).flat();
}


/**
 * The lattice files of each level: `<level>.json` and `<level>.b.json`, so that two authors can
 * write one level at once (an id must appear in one file only: the bank test checks).
 */
export const LATTICE_FILES: Record<LevelKey, readonly Record<string, unknown>[]> = {
  toeic: [toeicLattices, toeicLatticesB],
  'middle-school': [middleSchoolLattices, middleSchoolLatticesB],
  'high-school': [highSchoolLattices, highSchoolLatticesB],
  'basic-verbs': [basicVerbsLattices, basicVerbsLatticesB],
};

/**
 * The answer lattices of the bank, per level (docs/decisions/007-answer-lattices.md), as stored:
 * raw JSON keyed by problem id, validated and compiled by the evaluator.
 */
export const LATTICE_DATA = Object.fromEntries(
  Object.entries(LATTICE_FILES).map(([level, files]) => [level, Object.assign({}, ...files) as Record<string, unknown>]),
) as Record<LevelKey, Record<string, unknown>>;
