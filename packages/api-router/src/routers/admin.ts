import { ZText } from '@shunkan/config/schemas';
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { ADMIN_PASSWORD_MIN, PASSWORD_MAX } from '@shunkan/config/forms';
import { TEXT } from '@shunkan/config/texts';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { createPasswordResetLink, setupAdminAccount } from '../domain/admin-accounts.js';
import { generateAndStoreProblems } from '../services/ai/generate-problems.js';
import { isAiProviderError } from '../services/ai/types.js';
import { adminProcedure, router } from '../trpc.js';
import { dashboardProcedures } from './admin/dashboard.js';
import { adminProblemsRouter } from './admin/problems.js';
import { adminToolsRouter } from './admin/tools.js';
import { adminUsersRouter } from './admin/users.js';
import { adminAppealsRouter } from './appeals.js';

/** All admin procedures live here; each is checked on the server by adminProcedure. */
export const adminRouter = router({
  ...dashboardProcedures,
  users: adminUsersRouter,
  problems: adminProblemsRouter,
  tools: adminToolsRouter,
  /** The appeal queue (issue 12): list and decide. */
  appeals: adminAppealsRouter,

  /** Who am I, as an admin: lets the dashboard confirm the role with the server. */
  whoami: adminProcedure
    .input(z.void())
    .output(z.object({ email: z.string().nullable(), isAdmin: z.literal(true) }))
    .query(({ ctx }) => ({ email: ctx.user.email, isAdmin: true as const })),

  /** Asks Gemini for new problems of a level; validated, deduplicated and stored in the bank. */
  generateProblems: adminProcedure
    .input(z.object({ difficultyLevel: z.enum(LEVEL_KEYS), count: z.number().int().min(1).max(20) }))
    .output(z.object({ created: z.array(z.object({ id: z.string(), japanese: z.string() })) }))
    .mutation(async ({ ctx, input }) => {
      const ai = ctx.services.practice.ai;
      if (!ai) throw new AppError('PRECONDITION_FAILED', 'AI（Gemini）が設定されていないため、問題を生成できません。GEMINI_API_KEY を設定してください。');
      try {
        const created = await generateAndStoreProblems({ db: ctx.db, ai, level: input.difficultyLevel, count: input.count });
        return { created: created.map((p) => ({ id: p.id, japanese: p.japanese })) };
      } catch (error) {
        if (isAiProviderError(error)) {
          throw new AppError('BAD_GATEWAY', `AI（Gemini）で問題を生成できませんでした（${error.reason}）。時間をおいて再度お試しください。`);
        }
        throw error;
      }
    }),

  /** The spec's admin-setup page, admin-only: create or promote an administrator. */
  setupAdmin: adminProcedure
    .input(z.object({ email: ZText.trim().email('メールアドレスの形式が正しくありません'), password: ZText.min(ADMIN_PASSWORD_MIN, TEXT.passwordMin8).max(PASSWORD_MAX, TEXT.passwordTooLong).optional() }))
    .output(z.object({ created: z.boolean(), email: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const auth = ctx.services.auth?.auth;
      if (!auth) throw new AppError('PRECONDITION_FAILED', '認証サービスが設定されていません。');
      const result = await setupAdminAccount(auth, input);
      ctx.services.log.info({ by: ctx.user.id, email: input.email, created: result.created }, 'administrator set up');
      return { created: result.created, email: input.email.toLowerCase() };
    }),

  /** POST /api/emergency-reset: a password-reset link for an account, never a password. */
  passwordResetLink: adminProcedure
    .input(z.object({ email: ZText.trim().email('メールアドレスの形式が正しくありません') }))
    .output(z.object({ success: z.boolean(), error: z.string().nullable(), solution: z.object({ resetPath: z.string(), providerLink: z.string() }).nullable() }))
    .mutation(async ({ ctx, input }) => {
      const auth = ctx.services.auth?.auth;
      if (!auth) throw new AppError('PRECONDITION_FAILED', '認証サービスが設定されていません。');
      const link = await createPasswordResetLink(auth, input.email);
      ctx.services.log.info({ by: ctx.user.id, email: input.email, found: Boolean(link) }, 'password reset link issued');
      if (!link) return { success: false, error: 'このメールアドレスのアカウントは見つかりません。', solution: null };
      // The same code, opened on this app's own reset page (the provider's page may not be reachable).
      const params = new URL(link).searchParams;
      const resetPath = `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(params.get('oobCode') ?? '')}`;
      return { success: true, error: null, solution: { resetPath, providerLink: link } };
    }),
});
