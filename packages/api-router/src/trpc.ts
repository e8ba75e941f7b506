import { TEXT } from '@shunkan/config/texts';
import { findUserById } from '@shunkan/db/users';
import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Context, SessionUser } from './context.js';
import { getAccess } from './domain/access.js';
import { AppError, toHttpError, toTRPCError } from './errors.js';

const t = initTRPC.context<Context>().create({
  /**
   * The tRPC door's half of the one error path (errors.ts): status, code and Japanese message come from
   * toHttpError, exactly as on the REST door; internal messages and stacks never leave the server.
   */
  errorFormatter({ shape, error }) {
    const http = toHttpError(error);
    const code = http.body.code in TRPC_ERROR_CODES_BY_KEY ? (http.body.code as TRPC_ERROR_CODE_KEY) : 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      message: http.body.message,
      data: {
        ...shape.data,
        code,
        httpStatus: http.status,
        stack: undefined,
        fieldErrors: http.body.fieldErrors,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Every procedure: a domain refusal (AppError) or a lost database keeps its code (errors.ts). */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

/** Signed in (token verified), e-mail verified or not. Narrows ctx.user to SessionUser. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', TEXT.unauthorized);
  // tRPC merges this into the context: only the narrowed field is passed (a copy of the rest is work).
  return next({ ctx: { user: ctx.user as SessionUser } });
});

/** Signed in with a verified e-mail address: the gate for everything a learner does. */
export const protectedProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified && !ctx.user.isAdmin) throw new AppError('FORBIDDEN', TEXT.emailNotVerified);
  return next();
});

/**
 * Admin role from our database, checked on every call: the session (resolveSessionUser) may come from
 * this instance's short-lived cache, so an admin's role is read again from the users table; a role
 * withdrawn on another instance counts at once (decision 026). Learners cost no extra query.
 */
export const adminProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', TEXT.forbidden);
  const row = await findUserById(ctx.db, ctx.user.id);
  if (row?.role !== 'admin') throw new AppError('FORBIDDEN', TEXT.forbidden);
  return next();
});

/** Practice and the other learner features: an active subscription or trial (admins always). */
export const subscribedProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  const access = await getAccess({ db: ctx.db, user: ctx.user, now: ctx.now(), limits: ctx.services.limits });
  if (!access.hasAccess) throw new AppError('FORBIDDEN', TEXT.subscriptionRequired);
  return next({ ctx: { access } });
});

/** Premium features (custom scenarios, review): premium type or a trial, with access. */
export const premiumProcedure = subscribedProcedure.use(({ ctx, next }) => {
  if (!ctx.access.isPremium) throw new AppError('FORBIDDEN', 'この機能はプレミアムプランでご利用いただけます。');
  return next();
});
