import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountRouter } from './routers/account.js';
import { adminRouter } from './routers/admin.js';
import { appealsRouter } from './routers/appeals.js';
import { authRouter } from './routers/auth.js';
import { billingRouter } from './routers/billing.js';
import { demoRouter } from './routers/demo.js';
import { learningRouter } from './routers/learning.js';
import { plansRouter } from './routers/plans.js';
import { practiceRouter } from './routers/practice.js';
import { reviewRouter } from './routers/review.js';
import { scenariosRouter } from './routers/scenarios.js';
import { subscriptionRouter } from './routers/subscription.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  subscription: subscriptionRouter,
  plans: plansRouter,
  billing: billingRouter,
  practice: practiceRouter,
  learning: learningRouter,
  review: reviewRouter,
  scenarios: scenariosRouter,
  demo: demoRouter,
  admin: adminRouter,
  appeals: appealsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
