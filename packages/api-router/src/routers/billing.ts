import { ZText } from '@shunkan/config/schemas';
import { z } from 'zod';
import {
  confirmSandboxPayment,
  createCheckoutSession,
  createPaymentIntent,
  createPortalSession,
  getBillingDetails,
  setCancelAtPeriodEnd,
  startTrial,
  upgradeSubscription,
  ZBillingDetails,
  ZPaymentIntent,
  ZUpgradeResult,
} from '../domain/billing.js';
import { ZPlanId } from '../domain/plans.js';
import { ZSubscriptionView } from '../domain/subscription.js';
import { billingWriteProcedure, protectedProcedure, router } from '../trpc.js';

export const ZCreatePaymentIntentInput = z.object({ planId: ZPlanId });
export const ZConfirmSandboxPaymentInput = z.object({
  clientSecret: ZText.min(1).max(200),
  cardNumber: ZText.trim().regex(/^[\d\s-]{12,23}$/, 'カード番号を正しく入力してください'),
});
/** Return URLs are checked by the domain (same-site paths or the PUBLIC_URL origin only). */
export const ZCreateCheckoutSessionInput = z
  .object({
    planId: ZPlanId.optional(),
    priceId: ZText.trim().min(1).max(200).optional(),
    successUrl: ZText.max(2000).optional(),
    cancelUrl: ZText.max(2000).optional(),
  })
  .refine((v) => v.planId || v.priceId, { message: 'プランを選択してください' });
/** yearly: the same plan billed yearly (the spec's body); premium: standard to premium, same interval. */
export const ZUpgradeInput = z.object({ planType: z.enum(['yearly', 'premium']) });
const ZUrl = z.object({ url: z.string() });

export const billingRouter = router({
  /** POST /api/start-trial */
  startTrial: billingWriteProcedure
    .input(z.void())
    .output(ZSubscriptionView)
    .mutation(({ ctx }) => startTrial({ db: ctx.db, user: ctx.user, now: ctx.now() })),

  /** POST /api/create-payment-intent: the client secret for the checkout page's payment form. */
  createPaymentIntent: billingWriteProcedure
    .input(ZCreatePaymentIntentInput)
    .output(ZPaymentIntent)
    .mutation(({ ctx, input }) => createPaymentIntent({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), planId: input.planId })),

  /** Sandbox mode's stand-in for Stripe's confirmPayment (test cards only). */
  confirmSandboxPayment: billingWriteProcedure
    .input(ZConfirmSandboxPaymentInput)
    .output(z.object({ status: z.literal('succeeded'), planId: ZPlanId }))
    .mutation(({ ctx, input }) =>
      confirmSandboxPayment({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), clientSecret: input.clientSecret, cardNumber: input.cardNumber }),
    ),

  /** POST /api/create-checkout-session */
  createCheckoutSession: billingWriteProcedure
    .input(ZCreateCheckoutSessionInput)
    .output(ZUrl)
    .mutation(({ ctx, input }) => createCheckoutSession({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), ...input })),

  /** POST /api/create-customer-portal */
  createPortalSession: billingWriteProcedure
    .input(z.void())
    .output(ZUrl)
    .mutation(({ ctx }) => createPortalSession({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now() })),

  cancelAtPeriodEnd: billingWriteProcedure
    .input(z.void())
    .output(ZSubscriptionView)
    .mutation(({ ctx }) => setCancelAtPeriodEnd({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), cancel: true })),

  resume: billingWriteProcedure
    .input(z.void())
    .output(ZSubscriptionView)
    .mutation(({ ctx }) => setCancelAtPeriodEnd({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), cancel: false })),

  /** POST /api/upgrade-subscription */
  upgradeToYearly: billingWriteProcedure
    .input(ZUpgradeInput)
    .output(ZUpgradeResult)
    .mutation(({ ctx, input }) => upgradeSubscription({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), planType: input.planType })),

  /** GET /api/subscription-details */
  details: protectedProcedure
    .input(z.void())
    .output(ZBillingDetails)
    .query(({ ctx }) =>
      getBillingDetails({ db: ctx.db, user: ctx.user, billing: ctx.services.billing, now: ctx.now(), limits: ctx.services.limits }),
    ),
});
