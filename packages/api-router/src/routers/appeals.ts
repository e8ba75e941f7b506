/**
 * The appeal loop (issue 12): `appeals.submit` (a learner: "この答えも正しいはず"), `appeals.statuses`
 * (appeal state of attempts, for the result card and history), and the admin queue
 * `admin.appeals.list` / `admin.appeals.decide`.
 */
import { ZRowId } from '../ids.js';
import { APPEAL_TEXT } from '@shunkan/config/appeals';
import { appealStatusesForAttempts, countAppealsByStatus, listAppeals } from '@shunkan/db/appeals';
import type { AppealListItem, AppealRecord } from '@shunkan/db/appeals';
import { z } from 'zod';
import { appealAttempt, AppealNotFoundError, decideAppealAndRegrade } from '../domain/appeals.js';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';
import { AppError } from '../errors.js';

const ZId = ZRowId;
export const ZAppealStatus = z.enum(['pending', 'accepted', 'rejected']);

export const ZAppeal = z.object({
  id: z.string(),
  attemptId: z.string(),
  problemId: z.string(),
  answer: z.string(),
  status: ZAppealStatus,
  /** Japanese label of the status. */
  statusLabel: z.string(),
  originalRating: z.number().int().min(1).max(5),
  recheckRating: z.number().int().min(1).max(5).nullable(),
  recheckProvider: z.enum(['builtin', 'gemini']).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TAppeal = z.infer<typeof ZAppeal>;

function toAppeal(a: AppealRecord): TAppeal {
  return {
    id: a.id,
    attemptId: a.attemptId,
    problemId: a.problemId,
    answer: a.answer,
    status: a.status,
    statusLabel: APPEAL_TEXT.status[a.status],
    originalRating: a.originalRating,
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
  /** 「この答えも正しいはず」: re-check at once and queue for an admin. */
  submit: protectedProcedure
    .input(z.object({ attemptId: ZId }))
    .output(ZAppealSubmitOutput)
    .mutation(async ({ ctx, input }) => {
      try {
        const outcome = await appealAttempt({ db: ctx.db, services: ctx.services.practice, userId: ctx.user.id, attemptId: input.attemptId, now: ctx.now() });
        const message = outcome.appeal.status === 'accepted' ? APPEAL_TEXT.status.accepted : APPEAL_TEXT.sent;
        return { appeal: toAppeal(outcome.appeal), recheck: outcome.recheck, message };
      } catch (error) {
        if (error instanceof AppealNotFoundError) throw new AppError('NOT_FOUND', APPEAL_TEXT.attemptNotFound);
        throw error;
      }
    }),

  /** Appeal state of the learner's attempts (attempts without an appeal are left out). */
  statuses: protectedProcedure
    .input(z.object({ attemptIds: z.array(ZId).max(200) }))
    .output(z.array(z.object({ attemptId: z.string(), status: ZAppealStatus, statusLabel: z.string() })))
    .query(async ({ ctx, input }) => {
      const statuses = await appealStatusesForAttempts(ctx.db, ctx.user.id, input.attemptIds);
      return [...statuses].map(([attemptId, status]) => ({ attemptId, status, statusLabel: APPEAL_TEXT.status[status] }));
    }),
});

/** The automatic verdict as the learner saw it (until an accepted appeal regrades the attempt). */
export const ZAppealVerdict = z.object({
  /** The attempt's stars now (the regraded ones once an appeal is accepted). */
  rating: z.number().int().min(1).max(5),
  /** Feedback without the uncertainty note (that is `lowConfidence`). */
  feedback: z.string(),
  lowConfidence: z.boolean(),
  /** The named errors (grammar point label and the fix). */
  errors: z.array(z.object({ label: z.string(), message: z.string() })),
  /** The accepted answer the verdict compared the learner's answer with. */
  closestAnswer: z.string(),
});

export const ZAdminAppeal = ZAppeal.extend({
  japanese: z.string(),
  /** The problem's model answer (its first accepted answer). */
  modelAnswer: z.string(),
  verdict: ZAppealVerdict,
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

function verdictOf(item: AppealListItem): z.infer<typeof ZAppealVerdict> {
  const lines = item.attemptFeedback.split('\n');
  const errors = item.attemptErrors.flatMap((e) => {
    const parsed = z.object({ label: z.string(), message: z.string() }).safeParse(e);
    return parsed.success ? [{ label: parsed.data.label, message: parsed.data.message }] : [];
  });
  return {
    rating: item.attemptRating,
    feedback: lines.filter((line) => line !== APPEAL_TEXT.uncertaintyNote).join('\n'),
    lowConfidence: lines.includes(APPEAL_TEXT.uncertaintyNote),
    errors,
    closestAnswer: item.closestAnswer,
  };
}

export const ZAdminAppealsDecideInput = z.object({ appealId: ZId, decision: z.enum(['accept', 'reject']) });

/** Mounted as `admin.appeals`: the review queue (the admin screen is issue 10's). */
export const adminAppealsRouter = router({
  list: adminProcedure
    .input(ZAdminAppealsListInput)
    .output(ZAdminAppealsListOutput)
    .query(async ({ ctx, input }) => {
      const [rows, counts] = await Promise.all([listAppeals(ctx.db, { status: input.status, limit: input.limit, before: input.before }), countAppealsByStatus(ctx.db)]);
      const items = rows.map((r) => ({
        ...toAppeal(r),
        japanese: r.japanese,
        modelAnswer: r.modelAnswer,
        verdict: verdictOf(r),
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
        return { appeal: toAppeal(result.appeal), regradedRating: result.regradedRating };
      } catch (error) {
        if (error instanceof AppealNotFoundError) throw new AppError('NOT_FOUND', APPEAL_TEXT.appealNotFound);
        throw error;
      }
    }),
});
