import { ZText } from '@shunkan/config/schemas';
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

const ZField = (min: number, max: number, label: string) =>
  ZText.trim().min(min, `${label}を入力してください`).max(max, `${label}は${max}文字以内で入力してください`);
const ZProblemId = ZText.max(100).regex(/^[a-z0-9-]+$/, '問題IDの形式が正しくありません');

const ZProblemInput = z.object({
  level: z.enum(LEVEL_KEYS),
  japanese: ZField(2, 200, '日本語の文'),
  answers: z
    .array(
      ZField(2, 300, '正解の英文').refine((a) => /[A-Za-z]/.test(a) && !/[\u3040-\u30ff\u4e00-\u9fff]/.test(a), '正解は英文で入力してください'),
    )
    .min(1, '正解の英文を1つ以上入力してください')
    .max(10, '正解は10個までです'),
  grammarPoint: ZField(1, 60, '文法項目'),
  explanation: ZField(5, 500, '解説'),
});

/** The problem bank from the content tab: browse with statistics, add, edit, disable. */
export const adminProblemsRouter = router({
  list: adminProcedure
    .input(
      z.object({
        level: z.enum(LEVEL_KEYS).optional(),
        grammarPoint: ZText.max(100).optional(),
        search: ZText.max(200).optional(),
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
