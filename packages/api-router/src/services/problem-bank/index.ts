import type { LevelKey } from '@shunkan/config/levels';
import type { Db } from '@shunkan/db';
import basicVerbs from './data/basic-verbs.json' with { type: 'json' };
import highSchool from './data/high-school.json' with { type: 'json' };
import middleSchool from './data/middle-school.json' with { type: 'json' };
import toeic from './data/toeic.json' with { type: 'json' };
import type { TBankProblem } from './types.js';

/** The bundled problem bank, versioned with the code (validated by problem-bank.test.ts). */
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
 * Loads the bundled bank into `problems` so that admins can count and browse it and attempts can
 * reference it. Idempotent: bank rows are updated in place when the data changes; problems added
 * by AI generation or admin review (other sources) are left alone.
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
        })),
      )
      .execute();
  }
  return problems.length;
}
