import { z } from 'zod';
import { getSubscriptionView, ZSubscriptionView } from '../domain/subscription.js';
import { authedProcedure, router } from '../trpc.js';

export const subscriptionRouter = router({
  /** GET /api/user-subscription */
  current: authedProcedure
    .input(z.void())
    .output(ZSubscriptionView)
    .query(({ ctx }) => getSubscriptionView({ db: ctx.db, user: ctx.user, now: ctx.now() })),
});
