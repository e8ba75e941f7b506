import { randomBytes } from 'node:crypto';
import type { LevelKey } from '@shunkan/config/levels';
import type { Db } from '@shunkan/db';
import { findProblemForAdmin, insertAdminProblem, listCommonErrors, listProblemsWithStats, setProblemActive, updateAdminProblem } from '@shunkan/db/content';
import { z } from 'zod';
import { AppError } from '../../errors.js';

export const ZAdminProblem = z.object({
  id: z.string(),
  level: z.string(),
  japanese: z.string(),
  answers: z.array(z.string()),
  grammarPoint: z.string(),
  source: z.string(),
  isActive: z.boolean(),
  attempts: z.number().int(),
  averageRating: z.number().nullable(),
});

export const ZAdminProblemDetail = ZAdminProblem.extend({
  explanation: z.string(),
  isEdited: z.boolean(),
  commonErrors: z.array(z.object({ label: z.string(), count: z.number().int() })),
});

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

export async function listProblemsForAdmin(options: { db: Db; level?: LevelKey; grammarPoint?: string; search?: string; page: number; pageSize: number }) {
  const { total, rows } = await listProblemsWithStats(options.db, options);
  return {
    total,
    page: options.page,
    pageSize: options.pageSize,
    problems: rows.map((r) => ({
      id: r.id,
      level: r.level,
      japanese: r.japanese,
      answers: r.answers,
      grammarPoint: r.grammar_point,
      source: r.source,
      isActive: r.is_active,
      attempts: r.attempts,
      averageRating: round1(r.averageRating),
    })),
  };
}

const NOT_FOUND = '問題が見つかりません。';
const DUPLICATE = 'このレベルには同じ日本語の問題がすでにあります。';

export async function getProblemForAdmin(options: { db: Db; id: string }) {
  const row = await findProblemForAdmin(options.db, options.id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return {
    id: row.id,
    level: row.level,
    japanese: row.japanese,
    answers: row.answers,
    grammarPoint: row.grammar_point,
    explanation: row.explanation,
    source: row.source,
    isActive: row.is_active,
    isEdited: row.admin_edited_at !== null,
    attempts: row.attempts,
    averageRating: round1(row.averageRating),
    commonErrors: await listCommonErrors(options.db, row.id, 5),
  };
}

/** Answers compared without case, spacing and final punctuation: the same sentence twice is one. */
function dedupeAnswers(answers: string[]): string[] {
  const seen = new Set<string>();
  return answers.filter((a) => {
    const key = a.toLowerCase().replace(/\s+/g, ' ').replace(/[.!?]+$/, '').trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type TProblemInput = { level: LevelKey; japanese: string; answers: string[]; grammarPoint: string; explanation: string };

/** Adds a problem written by an admin, or edits any problem (stored in the database, over the bank). */
export async function saveProblemForAdmin(options: { db: Db; id?: string; input: TProblemInput; now: Date }) {
  const answers = dedupeAnswers(options.input.answers);
  if (options.id) {
    const result = await updateAdminProblem(options.db, options.id, { ...options.input, answers }, options.now);
    if (result === 'not_found') throw new AppError('NOT_FOUND', NOT_FOUND);
    if (result === 'duplicate') throw new AppError('CONFLICT', DUPLICATE);
    return { id: options.id, created: false };
  }
  const id = `${options.input.level}-admin-${randomBytes(6).toString('hex')}`;
  const inserted = await insertAdminProblem(options.db, id, { ...options.input, answers, similarPhrases: [] }, options.now);
  if (!inserted) throw new AppError('CONFLICT', DUPLICATE);
  return { id, created: true };
}

export async function setProblemActiveForAdmin(options: { db: Db; id: string; isActive: boolean }) {
  if (!(await setProblemActive(options.db, options.id, options.isActive))) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { id: options.id, isActive: options.isActive };
}
