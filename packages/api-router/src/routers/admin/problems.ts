import { problemInput } from '@shunkan/config/forms';
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { z } from 'zod';
import {
  getProblemForAdmin,
  listProblemsForAdmin,
  saveProblemForAdmin,
  setProblemActiveForAdmin,
  ZAdminProblem,
  ZAdminProblemDetail,
} from '../../domain/admin/content.js';
import { adminProcedure, router } from '../../trpc.js';

const noNul = (s: string) => !s.includes('\0');
const ZProblemId = z.string().max(100).regex(/^[a-z0-9-]+$/, '問題IDの形式が正しくありません');

/** The same rules (and messages) as the admin's problem form. */
const ZProblemInput = problemInput;

/** The problem bank from the content tab: browse with statistics, add, edit, disable. */
export const adminProblemsRouter = router({
  list: adminProcedure
    .input(
      z.object({
        level: z.enum(LEVEL_KEYS).optional(),
        grammarPoint: z.string().max(100).refine(noNul).optional(),
        search: z.string().max(200).refine(noNul, '使用できない文字が含まれています').optional(),
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z.number().int().min(1).max(100).default(20),
      }),
    )
    .output(z.object({ problems: z.array(ZAdminProblem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }))
    .query(({ ctx, input }) => listProblemsForAdmin({ db: ctx.db, ...input })),

  get: adminProcedure
    .input(z.object({ id: ZProblemId }))
    .output(ZAdminProblemDetail)
    .query(({ ctx, input }) => getProblemForAdmin({ db: ctx.db, id: input.id })),

  save: adminProcedure
    .input(z.object({ id: ZProblemId.optional(), problem: ZProblemInput }))
    .output(z.object({ id: z.string(), created: z.boolean() }))
    .mutation(({ ctx, input }) => saveProblemForAdmin({ db: ctx.db, id: input.id, input: input.problem, now: ctx.now() })),

  setActive: adminProcedure
    .input(z.object({ id: ZProblemId, isActive: z.boolean() }))
    .output(z.object({ id: z.string(), isActive: z.boolean() }))
    .mutation(({ ctx, input }) => setProblemActiveForAdmin({ db: ctx.db, id: input.id, isActive: input.isActive })),
});
