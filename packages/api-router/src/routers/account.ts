import { ZText } from '@shunkan/config/schemas';
import { TEXT } from '@shunkan/config/texts';
import { z } from 'zod';
import { deleteOwnAccount, deletionDeps, ZAccountDeletionResult } from '../domain/account-deletion.js';
import { AppError } from '../errors.js';
import { DeletedAccountError } from '../services/auth.js';
import { publicProcedure, router } from '../trpc.js';

export const ZDeleteAccountInput = z.object({
  /** What the learner typed in the confirmation dialog (ACCOUNT_DELETE_CONFIRMATION). */
  confirmation: ZText.max(50),
});
export type TDeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;

/** The caller's own account (decision 059). */
export const accountRouter = router({
  /**
   * DELETE /api/account. Signed in (a verified address is not required: an unverified account may
   * leave too), or the still-valid token of an account whose data is deleted and whose Firebase
   * deletion failed: the repeat finishes it. Anyone else: 401.
   */
  delete: publicProcedure
    .input(ZDeleteAccountInput)
    .output(ZAccountDeletionResult)
    .mutation(({ ctx, input }) => {
      const caller = ctx.user ? { user: ctx.user } : ctx.authError instanceof DeletedAccountError ? { deletedFirebaseUid: ctx.authError.firebaseUid } : null;
      if (!caller) throw new AppError('UNAUTHORIZED', TEXT.unauthorized);
      return deleteOwnAccount({
        ...deletionDeps({ db: ctx.db, services: ctx.services, now: ctx.now() }),
        caller,
        authTime: ctx.authTime,
        confirmation: input.confirmation,
      });
    }),
});
