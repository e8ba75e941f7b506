import { TEXT } from '@shunkan/config/texts';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context, SessionUser } from './context.js';
import { getAccess } from './domain/access.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const isInputError = error.code === 'BAD_REQUEST' && error.cause instanceof ZodError;
    return {
      ...shape,
      // Bad input gets a Japanese message for the UI; the field issues stay available for forms.
      message: isInputError ? TEXT.invalidInput : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: isInputError ? (error.cause as ZodError).issues.map((i) => ({ path: i.path.join('.'), message: i.message })) : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

/** Signed in (token verified), e-mail verified or not. Narrows ctx.user to SessionUser. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: TEXT.unauthorized });
  return next({ ctx: { ...ctx, user: ctx.user as SessionUser } });
});

/** Signed in with a verified e-mail address: the gate for everything a learner does. */
export const protectedProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified && !ctx.user.isAdmin) {
    throw new TRPCError({ code: 'FORBIDDEN', message: TEXT.emailNotVerified });
  }
  return next();
});

/** Admin role from our database (see resolveSessionUser), checked on every call. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: TEXT.forbidden });
  return next();
});

/** Practice and the other learner features: an active subscription or trial (admins always). */
export const subscribedProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  const access = await getAccess({ db: ctx.db, user: ctx.user, now: ctx.now(), limits: ctx.services.limits });
  if (!access.hasAccess) throw new TRPCError({ code: 'FORBIDDEN', message: TEXT.subscriptionRequired });
  return next({ ctx: { access } });
});

/** Premium features (custom scenarios, review): premium type or a trial, with access. */
export const premiumProcedure = subscribedProcedure.use(({ ctx, next }) => {
  if (!ctx.access.isPremium) throw new TRPCError({ code: 'FORBIDDEN', message: 'この機能はプレミアムプランでご利用いただけます。' });
  return next();
});
