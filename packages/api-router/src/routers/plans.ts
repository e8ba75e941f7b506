import { z } from 'zod';
import { listPlanCatalogue, ZPlansList } from '../domain/billing.js';
import { publicProcedure, router } from '../trpc.js';

export const plansRouter = router({
  /** GET /api/subscription-plans: the catalogue (public: the plan page is shown before sign-up). */
  list: publicProcedure
    .input(z.void())
    .output(ZPlansList)
    .query(({ ctx }) => listPlanCatalogue({ db: ctx.db, billing: ctx.services.billing })),
});
