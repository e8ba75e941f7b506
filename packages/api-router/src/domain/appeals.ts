/**
 * The appeal loop (issue 12): a learner says an answer is right too. It is re-checked at once
 * (Gemini when configured, else the built-in grader with every sentence accepted so far) and queued
 * for an admin. Accepting adds the sentence to the problem's accepted answers (stored in the
 * database, layered over the bank by `gradedProblem`) and regrades the attempt: the next learner
 * who writes it gets 5 stars.
 */
import type { Db } from '@shunkan/db';
import {
  createAppeal,
  decideAppeal,
  findAppeal,
  findOwnAttempt,
  pendingAppealsOfAnswer,
  regradeAttempt,
  setAppealRecheck,
  findAppealsOfAttempts,
  type AppealRecord,
  type AppealWithGrade,
  type AttemptGrade,
} from '@shunkan/db/appeals';
import { normalizeAnswer } from '@shunkan/evaluator';
import { evaluateAnswer } from '../services/ai/evaluate-answer.js';
import { findProblem } from '@shunkan/db/problems';
import { gradedProblem, type PracticeServices } from './practice.js';

export class AppealNotFoundError extends Error {}

export type AppealOutcome = {
  /** The appeal with its attempt's grade now (the regraded one when the appeal settled at once). */
  appeal: AppealWithGrade;
  /** The re-check's stars and who gave them (null when the appeal existed already and was re-checked then). */
  recheck: { rating: number; provider: 'builtin' | 'gemini'; feedback: string } | null;
};

const problemRow = (db: Db, problemId: string) => findProblem(db, { problemId });

/**
 * Regrades an attempt with the built-in grader over the bank and the accepted answers. The grade it
 * replaces stays on the appeal (`original`, copied when the appeal was made).
 */
async function regrade(db: Db, services: PracticeServices, attemptId: string, problemId: string, answer: string): Promise<AttemptGrade | null> {
  const row = await problemRow(db, problemId);
  if (!row) return null;
  const builtin = services.grader ?? (await services.getEvaluator());
  const evaluation = await builtin.evaluate(await gradedProblem(db, row), answer);
  const grade: AttemptGrade = { rating: evaluation.rating, modelAnswer: evaluation.modelAnswer, feedback: evaluation.feedback, errors: evaluation.errors, provider: 'builtin' };
  await regradeAttempt(db, attemptId, grade);
  return grade;
}

/** The appeal as stored now, with its attempt's grade now. */
async function withGrade(db: Db, userId: string, appeal: AppealRecord): Promise<AppealWithGrade> {
  const found = (await findAppealsOfAttempts(db, userId, [appeal.attemptId])).get(appeal.attemptId);
  if (!found) throw new AppealNotFoundError('appeal vanished');
  return found;
}

/** A learner appeals the grade of one of their attempts. Idempotent per attempt. */
export async function appealAttempt(options: { db: Db; services: PracticeServices; userId: string; attemptId: string; now: Date }): Promise<AppealOutcome> {
  const { db, services, userId, attemptId, now } = options;
  const attempt = await findOwnAttempt(db, userId, attemptId);
  if (!attempt) throw new AppealNotFoundError('attempt not found');
  const row = await problemRow(db, attempt.problemId);
  if (!row) throw new AppealNotFoundError('problem not found');
  const { appeal, created } = await createAppeal(db, { attemptId: attempt.id, userId, normalizedAnswer: normalizeAnswer(attempt.answer), now });
  if (!created) return { appeal: await withGrade(db, userId, appeal), recheck: null };

  const builtin = services.grader ?? (await services.getEvaluator());
  const problem = await gradedProblem(db, row);
  const result = await evaluateAnswer({ problem, answer: attempt.answer, builtin, normalize: normalizeAnswer, ai: services.ai, cache: services.cache, log: services.log });
  const provider = result.provider;
  await setAppealRecheck(db, appeal.id, { rating: result.evaluation.rating, provider });
  // The sentence was accepted on an earlier appeal: the built-in grade is now 5, nothing to review.
  if (provider === 'builtin' && result.evaluation.rating === 5) {
    const decided = await decideAppeal(db, { appealId: appeal.id, decision: 'accept', adminId: null, now });
    const regraded: AttemptGrade = { rating: 5, modelAnswer: result.evaluation.modelAnswer, feedback: result.evaluation.feedback, errors: result.evaluation.errors, provider: 'builtin' };
    await regradeAttempt(db, attempt.id, regraded);
    return { appeal: await withGrade(db, userId, decided ?? appeal), recheck: { rating: 5, provider, feedback: result.evaluation.feedback } };
  }
  return { appeal: await withGrade(db, userId, appeal), recheck: { rating: result.evaluation.rating, provider, feedback: result.evaluation.feedback } };
}

/**
 * An admin decides an appeal. Accepting stores the sentence for its problem and regrades the
 * attempt (and every other pending appeal of the same answer to the same problem).
 */
export async function decideAppealAndRegrade(options: {
  db: Db;
  services: PracticeServices;
  appealId: string;
  decision: 'accept' | 'reject';
  adminId: string;
  now: Date;
}): Promise<{ appeal: AppealRecord; regraded: AttemptGrade | null; decided: boolean }> {
  const { db, services, appealId, decision, adminId, now } = options;
  const decided = await decideAppeal(db, { appealId, decision, adminId, now });
  if (!decided) {
    const existing = await findAppeal(db, appealId);
    if (!existing) throw new AppealNotFoundError('appeal not found');
    return { appeal: existing, regraded: null, decided: false };
  }
  if (decision === 'reject') return { appeal: decided, regraded: null, decided: true };
  const regraded = await regrade(db, services, decided.attemptId, decided.problemId, decided.answer);
  for (const other of await pendingAppealsOfAnswer(db, decided.problemId, decided.normalizedAnswer)) {
    if (await decideAppeal(db, { appealId: other.id, decision: 'accept', adminId, now })) {
      await regrade(db, services, other.attemptId, other.problemId, other.answer);
    }
  }
  return { appeal: decided, regraded, decided: true };
}
