import type { Db } from '@shunkan/db';
import { allBankProblems } from '@shunkan/evaluator/bank';

export { allBankProblems, BANK } from '@shunkan/evaluator/bank';

/**
 * Loads the bundled bank into `problems` so that admins can count and browse it and attempts can
 * reference it. Idempotent: bank rows are updated in place when the data changes; problems added
 * by AI generation or admin review (other sources), and bank problems an admin edited, are left alone.
 */
export async function seedProblemBank(db: Db): Promise<number> {
  const problems = allBankProblems();
  const chunkSize = 200;
  for (let start = 0; start < problems.length; start += chunkSize) {
    const rows = problems.slice(start, start + chunkSize).map((p) => ({
      id: p.id,
      level: p.level,
      japanese: p.japanese,
      answers: JSON.stringify(p.answers),
      grammar_point: p.grammarPoint,
      explanation: p.explanation,
      synonyms: JSON.stringify(p.synonyms),
      similar_phrases: JSON.stringify(p.similarPhrases),
      source: 'bank',
    }));
    await db
      .insertInto('problems')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          japanese: eb.ref('excluded.japanese'),
          answers: eb.ref('excluded.answers'),
          grammar_point: eb.ref('excluded.grammar_point'),
          explanation: eb.ref('excluded.explanation'),
          synonyms: eb.ref('excluded.synonyms'),
          similar_phrases: eb.ref('excluded.similar_phrases'),
        })).where('problems.admin_edited_at', 'is', null),
      )
      .execute();
  }
  return problems.length;
}
