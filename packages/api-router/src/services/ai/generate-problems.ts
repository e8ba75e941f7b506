import { randomBytes } from 'node:crypto';
import type { LevelKey } from '@shunkan/config/levels';
import type { Db } from '@shunkan/db';
import { insertProblemsIfAbsent, listProblemSentences } from '@shunkan/db/problems';
import type { TBankProblem } from '@shunkan/evaluator/bank';
import { normalizeJapaneseForDedupe, type AiProblemGenerator } from './types';

export type GenerateAndStoreInput = {
  db: Db;
  ai: AiProblemGenerator;
  level: LevelKey;
  count: number;
};

/** Ids of generated problems; the bank's `<level>-NNN` form is reserved for the bundled bank. */
export function newAiProblemId(level: LevelKey): string {
  // 48 random bits: collisions are negligible at any realistic number of generated problems.
  return `${level}-ai-${randomBytes(6).toString('hex')}`;
}

/**
 * Asks the provider for `count` new problems of a level and stores the new ones (source 'ai').
 * Returns the problems actually inserted, which may be fewer than asked for: invalid and duplicate
 * items are dropped. Provider failures propagate as AiProviderError.
 */
export async function generateAndStoreProblems(input: GenerateAndStoreInput): Promise<TBankProblem[]> {
  const { db, ai, level, count } = input;
  // Oldest first: the provider's prompt lists only the last (newest) entries when there are many.
  // Inactive problems count too; they still exist.
  const existing = await listProblemSentences(db, level);
  const taken = new Set(existing.map(normalizeJapaneseForDedupe));

  const drafts = await ai.generateProblems({ level, count, avoidJapanese: existing });

  const fresh: TBankProblem[] = [];
  for (const draft of drafts) {
    // The provider filters too, but this is the authority: it sees every sentence, not just a sample,
    // and it does not trust the provider to keep the level it was asked for.
    if (draft.level !== level) continue;
    const key = normalizeJapaneseForDedupe(draft.japanese);
    if (taken.has(key)) continue;
    taken.add(key);
    fresh.push({ id: newAiProblemId(level), ...draft });
  }
  if (fresh.length === 0) return [];

  // The unique (level, japanese) index settles a race with a concurrent generation: conflicting rows
  // are skipped, and only the ones really inserted are returned.
  const insertedIds = await insertProblemsIfAbsent(db, fresh, 'ai');
  return fresh.filter((problem) => insertedIds.has(problem.id));
}
