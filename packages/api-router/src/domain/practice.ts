import { randomUUID } from 'node:crypto';
import type { LevelKey } from '@shunkan/config/levels';
import { jstDay } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { findSubmittedAttempt, insertAttempt, setAttemptBookmark, SubmissionRepeatedError } from '@shunkan/db/attempts';
import { findServeByRequest, serveProblem } from '@shunkan/db/serves';
import type { ProblemRow } from '@shunkan/db/schema';
import { findServedProblemToGrade, type ProblemRef } from '@shunkan/db/problems';
import type { Logger } from '../session.js';
import { addBookmarkToReview, reviewCardAfterAnswer } from './review.js';
import { evaluateAnswer, type BuiltinEvaluator, type EvaluationCache } from '../services/ai/evaluate-answer.js';
import type { AiEvaluator, AiProblemGenerator } from '../services/ai/types.js';
import { AI_FAILURE_MESSAGES_JA, type AiFailureReason } from '../services/ai/types.js';
import { normalizeAnswer, type Evaluator } from '@shunkan/evaluator';
import type { TEvaluation } from '@shunkan/evaluator/types';
import { allBankProblems, type TBankProblem } from '@shunkan/evaluator/bank';
import { listAcceptedAnswers } from '@shunkan/db/appeals';

export class DailyLimitReachedError extends Error {
  constructor(readonly limit: number) {
    super(`daily limit ${limit} reached`);
  }
}

export class ProblemNotFoundError extends Error {}

export type ServedProblem = {
  problemId: string;
  japaneseSentence: string;
  difficultyLevel: LevelKey;
  servedToday: number;
  dailyLimit: number | null;
  remainingToday: number | null;
};

const BUNDLED_ANSWERS = new Map(allBankProblems().map((p) => [p.id, new Set(p.answers)]));

export function toBankProblem(row: ProblemRow): TBankProblem {
  // Answers an admin added to a bundled problem are not in its written lattice: they are graded as
  // extra accepted answers, layered over the bank.
  const bundled = BUNDLED_ANSWERS.get(row.id);
  const added = bundled ? row.answers.filter((a) => !bundled.has(a)) : [];
  return {
    id: row.id,
    level: row.level as LevelKey,
    japanese: row.japanese,
    answers: row.answers,
    grammarPoint: row.grammar_point,
    explanation: row.explanation,
    synonyms: row.synonyms,
    similarPhrases: row.similar_phrases,
    ...(added.length > 0 ? { extraAnswers: added } : {}),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}

/**
 * Serves the next problem of a level and counts it against the JST day's limit, atomically:
 * the counter only moves while it is below the limit (a row lock serialises concurrent requests),
 * and a repeated request id returns the problem already served for it without counting again.
 * Selection: among the level's active problems, one this learner has been served least often
 * (so no repeats until the bank is exhausted), never one of the last few served.
 */
export async function serveNextProblem(options: {
  db: Db;
  userId: string;
  level: LevelKey;
  requestId?: string;
  dailyLimit: number | null;
  now: Date;
  /** Serve exactly this problem (a due review card, a scenario's pick) instead of choosing one of the level. */
  problemId?: string;
}): Promise<ServedProblem> {
  const { db, userId, level, dailyLimit, now } = options;
  const requestId = options.requestId ?? randomUUID();
  const day = jstDay(now);

  const toServed = (served: { problemId: string; japanese: string; level: string; count: number }): ServedProblem => ({
    problemId: served.problemId,
    japaneseSentence: served.japanese,
    difficultyLevel: served.level as LevelKey,
    servedToday: served.count,
    dailyLimit,
    remainingToday: dailyLimit === null ? null : Math.max(0, dailyLimit - served.count),
  });
  let outcome;
  try {
    // One statement, one round trip (serveProblem in packages/db): repeat check, counter, choice, serve.
    outcome = await serveProblem(db, { userId, level, day, requestId, dailyLimit, now, problemId: options.problemId });
  } catch (error) {
    // A concurrent duplicate of this request won the race: its statement counted and served.
    if (isUniqueViolation(error)) {
      const served = await findServeByRequest(db, { userId, requestId, day });
      if (served) return toServed(served);
    }
    throw error;
  }
  if (outcome.kind === 'limit') throw new DailyLimitReachedError(dailyLimit ?? 0);
  if (outcome.kind === 'empty') throw new ProblemNotFoundError(`no problems for level ${level}`);
  return toServed(outcome);
}

export { getServedToday } from '@shunkan/db/serves';

export type PracticeServices = {
  getEvaluator: () => Promise<Evaluator>;
  /**
   * Grades answers off the event loop (the evaluator in a worker thread) when the server started
   * one; otherwise answers are graded in process by getEvaluator()'s evaluator.
   */
  grader?: BuiltinEvaluator;
  ai: (AiEvaluator & AiProblemGenerator) | null;
  cache: EvaluationCache;
  log: Logger;
};

export type SubmittedEvaluation = TEvaluation & {
  attemptId: string;
  problemId: string;
  provider: 'builtin' | 'gemini';
  isFallback: boolean;
  lowConfidence: boolean;
  /** Japanese notice shown when AI grading failed and the built-in evaluator answered instead. */
  fallbackNotice: string | null;
  grammarPoint: string;
  explanation: string;
  /** Timer mode: the answer came after the chosen limit (graded all the same). */
  isLate: boolean;
  timeLimitMs: number | null;
  durationMs: number | null;
};

/** Timer mode (瞬間): an answer is late when the time taken exceeds the limit the learner chose. */
export function isLateAnswer(durationMs: number | undefined, timeLimitMs: number | null | undefined): boolean {
  return timeLimitMs != null && durationMs !== undefined && durationMs > timeLimitMs;
}

/**
 * Grades an answer to a problem this learner was served and stores the attempt. Only problems that
 * were served to the learner may be graded, so the AI cannot be used as a free translation service.
 */
export async function submitAnswer(options: {
  db: Db;
  services: PracticeServices;
  userId: string;
  /** The problem by id, or by its sentence within a level (the spec's REST body has no id). */
  problem: ProblemRef;
  answer: string;
  durationMs?: number;
  now: Date;
  /** How the problem was practised (labels the history): normal practice, a review, a scenario. */
  mode?: 'practice' | 'review' | 'scenario';
  scenarioId?: string | null;
  timeLimitMs?: number | null;
  /**
   * The client's id of this submission, the same on its retries (decision 064): a repeat is answered
   * with the evaluation stored the first time, nothing graded, stored or counted again.
   */
  submissionId?: string;
}): Promise<SubmittedEvaluation> {
  const { db, services, userId, answer } = options;
  const submissionId = options.submissionId ?? null;
  // One round trip finds the problem, checks it was served to this learner and reads the sentences
  // accepted on appeal, the learner's review card and an attempt already stored under the submission
  // id; one more stores the attempt, its daily summary and the card.
  const found = await findServedProblemToGrade(db, userId, options.problem, submissionId);
  if (!found) throw new ProblemNotFoundError('problem not found or not served to this user');
  if (found.submitted) return repeatedEvaluation(found.submitted);
  const { problem } = found;

  const builtin = services.grader ?? (await services.getEvaluator());
  const bankProblem = withAcceptedAnswers(problem, found.acceptedAnswers);
  const result = await evaluateAnswer({
    problem: bankProblem,
    answer,
    builtin,
    normalize: normalizeAnswer,
    ai: services.ai,
    cache: services.cache,
    log: services.log,
  });
  const evaluation = result.evaluation;
  const isLate = isLateAnswer(options.durationMs, options.timeLimitMs);
  const reason = result.fallbackReason as AiFailureReason | null;
  const response: Omit<SubmittedEvaluation, 'attemptId'> = {
    ...evaluation,
    problemId: problem.id,
    provider: result.provider,
    isFallback: result.isFallback,
    lowConfidence: evaluation.lowConfidence ?? false,
    fallbackNotice: result.isFallback ? (reason && AI_FAILURE_MESSAGES_JA[reason]) ?? 'AI採点に失敗したため、標準の採点で評価しました。' : null,
    grammarPoint: problem.grammar_point,
    explanation: problem.explanation,
    isLate,
    timeLimitMs: options.timeLimitMs ?? null,
    durationMs: options.durationMs ?? null,
  };
  const attempt = await insertAttempt(db, {
    userId,
    problemId: problem.id,
    level: problem.level,
    answer,
    normalizedAnswer: result.normalizedAnswer,
    rating: evaluation.rating,
    modelAnswer: evaluation.modelAnswer,
    feedback: evaluation.feedback,
    errors: evaluation.errors,
    similarPhrases: evaluation.similarPhrases,
    provider: result.provider,
    isFallback: result.isFallback,
    durationMs: options.durationMs ?? null,
    mode: options.mode,
    scenarioId: options.scenarioId,
    timeLimitMs: options.timeLimitMs,
    isLate,
    createdAt: options.now,
    reviewCard: reviewCardAfterAnswer(found.reviewCard, evaluation.rating, options.now),
    submissionId,
    submissionResponse: submissionId ? response : null,
  }).catch(async (error: unknown) => {
    // The same submission stored meanwhile (concurrent requests, or a group that held it twice): the
    // unique index refused this one, its summary and card with it. Answer what was stored.
    if (!(error instanceof SubmissionRepeatedError) || !submissionId) throw error;
    const stored = await findSubmittedAttempt(db, userId, submissionId);
    if (!stored) throw error;
    return { id: stored.id, repeated: stored };
  });
  if ('repeated' in attempt) return repeatedEvaluation({ attemptId: attempt.id, response: attempt.repeated.response });
  return { ...response, attemptId: attempt.id };
}

/** The evaluation stored with a submission's attempt, as its first answer had it. */
function repeatedEvaluation(submitted: { attemptId: string; response: Record<string, unknown> | null }): SubmittedEvaluation {
  // Only attempts stored with a submission id are found by one, and those always keep their response.
  if (!submitted.response) throw new Error(`attempt ${submitted.attemptId} has no stored response`);
  return { ...(submitted.response as Omit<SubmittedEvaluation, 'attemptId'>), attemptId: submitted.attemptId };
}

/** A problem as the grader sees it: the bank's problem with the sentences accepted on appeal. */
export async function gradedProblem(db: Db, row: ProblemRow): Promise<TBankProblem> {
  return withAcceptedAnswers(row, await listAcceptedAnswers(db, row.id));
}

/** The bank's problem with the sentences accepted on appeal layered over it. */
function withAcceptedAnswers(row: ProblemRow, extraAnswers: string[]): TBankProblem {
  const problem = toBankProblem(row);
  return extraAnswers.length > 0 ? { ...problem, extraAnswers: [...(problem.extraAnswers ?? []), ...extraAnswers] } : problem;
}

/** Toggles an attempt's bookmark; a bookmarked problem also enters the review queue. */
export async function setBookmark(options: { db: Db; userId: string; attemptId: string; isBookmarked: boolean; now: Date }): Promise<boolean> {
  const { db, userId, now } = options;
  const updated = await setAttemptBookmark(db, userId, options.attemptId, options.isBookmarked);
  if (!updated) return false;
  if (options.isBookmarked) await addBookmarkToReview({ db, userId, problemId: updated.problemId, now });
  return true;
}
