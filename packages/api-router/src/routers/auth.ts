import { z } from 'zod';
import { authedProcedure, router } from '../trpc.js';

export const ZAuthUser = z.object({
  user: z.object({
    id: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
  }),
});

export const authRouter = router({
  /** GET /api/auth/user */
  me: authedProcedure.input(z.void()).output(ZAuthUser).query(({ ctx }) => ({
    user: { id: ctx.user.id, email: ctx.user.email, emailVerified: ctx.user.emailVerified, isAdmin: ctx.user.isAdmin },
  })),
});
