/**
 * The appeal loop (issue 12): `appeals.submit` (a learner: "この答えも正しいはず"), `appeals.statuses`
 * (appeal state of attempts, for the result card and history), and the admin queue
 * `admin.appeals.list` / `admin.appeals.decide`.
 */
import { ZRowId } from '../ids.js';
import { APPEAL_TEXT } from '@shunkan/config/appeals';
import { countAppealsByStatus, findAppealsOfAttempts, listAppeals } from '@shunkan/db/appeals';
import type { AppealRecord, AttemptGrade } from '@shunkan/db/appeals';
import { z } from 'zod';
import { appealAttempt, AppealNotFoundError, decideAppealAndRegrade } from '../domain/appeals.js';
import { adminProcedure, protectedProcedure, router, subscribedProcedure } from '../trpc.js';
import { AppError } from '../errors.js';

const ZId = ZRowId;
export const ZAppealStatus = z.enum(['pending', 'accepted', 'rejected']);

/** A grade as the result card showed it. */
export const ZAppealVerdict = z.object({
  rating: z.number().int().min(1).max(5),
  /** Feedback without the uncertainty note (that is `lowConfidence`). */
  feedback: z.string(),
  lowConfidence: z.boolean(),
  /** The named errors (grammar point label and the fix). */
  errors: z.array(z.object({ label: z.string(), message: z.string() })),
  /** The accepted answer the verdict compared the learner's answer with (the card's model answer). */
  closestAnswer: z.string(),
});
export type TAppealVerdict = z.infer<typeof ZAppealVerdict>;

const ZNamedError = z.object({ label: z.string(), message: z.string() });

function verdictOf(grade: AttemptGrade): TAppealVerdict {
  const lines = grade.feedback.split('\n');
  const errors = grade.errors.flatMap((e) => {
    const parsed = ZNamedError.safeParse(e);
    return parsed.success ? [{ label: parsed.data.label, message: parsed.data.message }] : [];
  });
  return {
    rating: grade.rating,
    feedback: lines.filter((line) => line !== APPEAL_TEXT.uncertaintyNote).join('\n'),
    lowConfidence: lines.includes(APPEAL_TEXT.uncertaintyNote),
    errors,
    closestAnswer: grade.modelAnswer,
  };
}

export const ZAppeal = z.object({
  id: z.string(),
  attemptId: z.string(),
  problemId: z.string(),
  answer: z.string(),
  status: ZAppealStatus,
  /** Japanese label of the status. */
  statusLabel: z.string(),
  originalRating: z.number().int().min(1).max(5),
  /**
   * The grade the learner appealed, as their result card showed it. Null only for appeals accepted
   * before it was kept (then only `originalRating` is known).
   */
  original: ZAppealVerdict.nullable(),
  /** The attempt's grade after an accepted appeal regraded it (null while pending or when rejected). */
  regraded: ZAppealVerdict.nullable(),
  recheckRating: z.number().int().min(1).max(5).nullable(),
  recheckProvider: z.enum(['builtin', 'gemini']).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TAppeal = z.infer<typeof ZAppeal>;

/** `gradeNow`: the attempt's grade now, which is the regraded one once the appeal is accepted. */
function toAppeal(a: AppealRecord, gradeNow: AttemptGrade | null): TAppeal {
  return {
    id: a.id,
    attemptId: a.attemptId,
    problemId: a.problemId,
    answer: a.answer,
    status: a.status,
    statusLabel: APPEAL_TEXT.status[a.status],
    originalRating: a.originalRating,
    original: a.original ? verdictOf(a.original) : null,
    regraded: a.status === 'accepted' && gradeNow ? verdictOf(gradeNow) : null,
    recheckRating: a.recheckRating,
    recheckProvider: a.recheckProvider === 'gemini' ? 'gemini' : a.recheckProvider === 'builtin' ? 'builtin' : null,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
  };
}

export const ZAppealSubmitOutput = z.object({
  appeal: ZAppeal,
  /** The immediate re-check (null when this attempt had been appealed already). */
  recheck: z.object({ rating: z.number().int().min(1).max(5), provider: z.enum(['builtin', 'gemini']), feedback: z.string() }).nullable(),
  message: z.string(),
});

export const appealsRouter = router({
  /**
   * 「この答えも正しいはず」: re-check at once and queue for an admin. A grading call (Gemini when
   * configured), offered on the practice screen only: like grading, it needs a plan or a trial (a learner
   * whose plan ended could otherwise have every past answer re-checked; decision 055).
   */
  submit: subscribedProcedure
    .input(z.object({ attemptId: ZId }))
    .output(ZAppealSubmitOutput)
    .mutation(async ({ ctx, input }) => {
      try {
        const outcome = await appealAttempt({ db: ctx.db, services: ctx.services.practice, userId: ctx.user.id, attemptId: input.attemptId, now: ctx.now() });
        const message = outcome.appeal.status === 'accepted' ? APPEAL_TEXT.status.accepted : APPEAL_TEXT.sent;
        return { appeal: toAppeal(outcome.appeal, outcome.appeal.attemptGrade), recheck: outcome.recheck, message };
      } catch (error) {
        if (error instanceof AppealNotFoundError) throw new AppError('NOT_FOUND', APPEAL_TEXT.attemptNotFound);
        throw error;
      }
    }),

  /**
   * The appeals of the learner's attempts (attempts without an appeal are left out): state, the grade
   * appealed and, once accepted, the regraded one (history shows both).
   */
  statuses: protectedProcedure
    .input(z.object({ attemptIds: z.array(ZId).max(200) }))
    .output(z.array(ZAppeal))
    .query(async ({ ctx, input }) => {
      const appeals = await findAppealsOfAttempts(ctx.db, ctx.user.id, input.attemptIds);
      return input.attemptIds.flatMap((id) => {
        const appeal = appeals.get(id);
        return appeal ? [toAppeal(appeal, appeal.attemptGrade)] : [];
      });
    }),
});

export const ZAdminAppeal = ZAppeal.extend({
  japanese: z.string(),
  /** The problem's model answer (its first accepted answer). */
  modelAnswer: z.string(),
  userEmail: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
});

/** `decided`: accepted and rejected together. */
export const ZAdminAppealsFilter = z.enum(['pending', 'accepted', 'rejected', 'decided']);

export const ZAdminAppealsListInput = z.object({
  status: ZAdminAppealsFilter.optional(),
  limit: z.number().int().min(1).max(100).default(50),
  /** The last id of the previous page. */
  before: ZId.optional(),
});

export const ZAdminAppealsListOutput = z.object({
  items: z.array(ZAdminAppeal),
  nextBefore: z.string().nullable(),
  /** Appeals in each state (the pending count is shown on the admin tab). */
  counts: z.object({ pending: z.number().int(), accepted: z.number().int(), rejected: z.number().int() }),
});

export const ZAdminAppealsDecideInput = z.object({ appealId: ZId, decision: z.enum(['accept', 'reject']) });

/** Mounted as `admin.appeals`: the review queue (the admin screen is issue 10's). */
export const adminAppealsRouter = router({
  list: adminProcedure
    .input(ZAdminAppealsListInput)
    .output(ZAdminAppealsListOutput)
    .query(async ({ ctx, input }) => {
      const [rows, counts] = await Promise.all([listAppeals(ctx.db, { status: input.status, limit: input.limit, before: input.before }), countAppealsByStatus(ctx.db)]);
      const items = rows.map((r) => ({
        ...toAppeal(r, r.attemptGrade),
        japanese: r.japanese,
        modelAnswer: r.modelAnswer,
        userEmail: r.userEmail,
        decidedByEmail: r.decidedByEmail,
      }));
      return { items, nextBefore: rows.length === input.limit ? (rows.at(-1)?.id ?? null) : null, counts };
    }),

  /** Accept (the sentence joins the problem's accepted answers; the attempt is regraded) or reject. */
  decide: adminProcedure
    .input(ZAdminAppealsDecideInput)
    .output(z.object({ appeal: ZAppeal, regradedRating: z.number().int().min(1).max(5).nullable() }))
    .mutation(async ({ ctx, input }) => {
      try {
        const result = await decideAppealAndRegrade({ db: ctx.db, services: ctx.services.practice, appealId: input.appealId, decision: input.decision, adminId: ctx.user.id, now: ctx.now() });
        if (!result.decided) throw new AppError('CONFLICT', APPEAL_TEXT.alreadyDecided);
        ctx.services.log.info({ by: ctx.user.id, appealId: input.appealId, decision: input.decision }, 'appeal decided');
        return { appeal: toAppeal(result.appeal, result.regraded), regradedRating: result.regraded?.rating ?? null };
      } catch (error) {
        if (error instanceof AppealNotFoundError) throw new AppError('NOT_FOUND', APPEAL_TEXT.appealNotFound);
        throw error;
      }
    }),
});
