import { TEXT } from '@shunkan/config/texts';
import { findUserById } from '@shunkan/db/users';
import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Context, SessionUser } from './context.js';
import { getAccess } from './domain/access.js';
import { AppError, toHttpError, toTRPCError } from './errors.js';
import { AuthError } from './services/auth.js';

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

/** The signed-in caller (token verified), e-mail verified or not. */
function signedIn(ctx: Context): SessionUser {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', TEXT.unauthorized);
  return ctx.user;
}

/** A learner's gate: a verified e-mail address (admins always). */
function checkVerified(user: SessionUser): void {
  if (!user.emailVerified && !user.isAdmin) throw new AppError('FORBIDDEN', TEXT.emailNotVerified);
}

/** Signed in (token verified), e-mail verified or not. Narrows ctx.user to SessionUser. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { user: signedIn(ctx) } }));

/** Signed in with a verified e-mail address: the gate for everything a learner does. */
export const protectedProcedure = authedProcedure.use(({ ctx, next }) => {
  checkVerified(ctx.user);
  return next();
});

/**
 * Admin role from our database, checked on every call: the session (resolveSessionUser) may come from
 * this instance's short-lived cache, so an admin's role is read again from the users table; a role
 * withdrawn on another instance counts at once (decision 026). Learners cost no extra query.
 */
export const adminProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', TEXT.forbidden);
  const [row] = await Promise.all([findUserById(ctx.db, ctx.user.id), checkAccountNow(ctx)]);
  if (row?.role !== 'admin') throw new AppError('FORBIDDEN', TEXT.forbidden);
  return next();
});

/**
 * The account as the Auth provider has it now, not as the verifier's 10 s cache remembers it: a disabled,
 * deleted or revoked account is refused at once (401) by admin procedures and billing writes (decision
 * 060). One user-record read per request; the Auth provider failing is 503 as for any token check.
 */
async function checkAccountNow(ctx: Context): Promise<void> {
  try {
    await ctx.checkAccountNow();
  } catch (error) {
    if (error instanceof AuthError) throw new AppError('UNAUTHORIZED', TEXT.unauthorized);
    throw error;
  }
}

/** A write that may charge or change a learner's billing: protectedProcedure, with the account read again. */
export const billingWriteProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  await checkAccountNow(ctx);
  return next();
});

/**
 * Practice and the other learner features: signed in, verified (the checks of protectedProcedure, in
 * the same order) and an active subscription or trial (admins always). One middleware, not three
 * chained: tRPC copies the call's options (and the context) at every level of its chain (babel's
 * _objectSpread2, which showed as 2-4% of the next-problem request's CPU; decision 036).
 */
export const subscribedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = signedIn(ctx);
  checkVerified(user);
  const access = await getAccess({ db: ctx.db, user, now: ctx.now(), limits: ctx.services.limits });
  if (!access.hasAccess) throw new AppError('FORBIDDEN', TEXT.subscriptionRequired);
  return next({ ctx: { user, access } });
});

/** Premium features (custom scenarios, review): premium type or a trial, with access. */
export const premiumProcedure = subscribedProcedure.use(({ ctx, next }) => {
  if (!ctx.access.isPremium) throw new AppError('FORBIDDEN', 'この機能はプレミアムプランでご利用いただけます。');
  return next();
});
