import type { Db } from '@shunkan/db';
import { upsertBankProblems } from '@shunkan/db/problems';
import { allBankProblems } from '@shunkan/evaluator/bank';

export { allBankProblems, BANK } from '@shunkan/evaluator/bank';

/**
 * Loads the bundled bank into `problems` so that admins can count and browse it and attempts can
 * reference it. Idempotent: bank rows are updated in place when the data changes; problems added
 * by AI generation or admin review (other sources), and bank problems an admin edited, are left alone.
 */
export async function seedProblemBank(db: Db): Promise<number> {
  const problems = allBankProblems();
  await upsertBankProblems(db, problems);
  return problems.length;
}
