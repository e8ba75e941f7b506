import { ZText } from '@shunkan/config/schemas';
import { checkPriceId } from '@shunkan/config/admin';
import { getPriceMode } from '@shunkan/db/price-configuration';
import { z } from 'zod';
import { getHealthReport, getPaymentDebug, ZHealthReport, ZPaymentDebug } from '../../domain/admin/diagnostics.js';
import {
  getPriceConfiguration,
  getPriceInfo,
  listPrices,
  savePlanConfiguration,
  savePriceConfiguration,
  ZPlanConfigurationEntry,
  ZPriceId,
  ZPriceItem,
} from '../../domain/admin/price-tools.js';
import { adminProcedure, router } from '../../trpc.js';
import { AppError } from '../../errors.js';

const ZPlanKeyMap = <T extends z.ZodTypeAny>(value: T) =>
  z.object({ standard_monthly: value.optional(), standard_yearly: value.optional(), premium_monthly: value.optional(), premium_yearly: value.optional() }).strict();

/**
 * The admin tools that replace the spec's developer pages (DECISIONS.md): price check, price list,
 * plan configuration, price setup, payment debug, health and configuration check. Sandbox mode answers
 * from the sandbox catalogue and says so; Stripe mode asks Stripe.
 */
export const adminToolsRouter = router({
  /** POST /api/stripe/price-info */
  priceInfo: adminProcedure
    // The id rules are checked in the handler, not the schema, so that the spec's own message (not the
    // generic invalid-input text) reaches the price check through both doors.
    .input(z.object({ priceId: ZText.max(300) }))
    .output(z.object({ source: z.enum(['sandbox', 'stripe']), price: ZPriceItem }))
    .mutation(({ ctx, input }) => {
      const checked = checkPriceId(input.priceId);
      if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message);
      return getPriceInfo({ db: ctx.db, billing: ctx.services.billing, priceId: checked.priceId });
    }),

  /** GET /api/stripe-prices, GET /api/stripe/prices */
  prices: adminProcedure
    .input(z.void())
    .output(z.object({ account_type: z.enum(['sandbox', 'test', 'live']), total_prices: z.number().int(), prices: z.array(ZPriceItem), message: z.string().nullable() }))
    .query(({ ctx }) => listPrices({ db: ctx.db, billing: ctx.services.billing })),

  /** What the price setup and plan configuration tools start from. */
  priceConfiguration: adminProcedure
    .input(z.void())
    .output(
      z.object({
        billingMode: z.enum(['sandbox', 'stripe']),
        mode: z.enum(['test', 'production']),
        priceIds: z.object({ test: z.record(z.string(), z.string()), production: z.record(z.string(), z.string()) }),
        plans: z.array(
          z.object({
            adminKey: z.string(),
            planId: z.string(),
            name: z.string(),
            priceYen: z.number().int(),
            recommendedPriceYen: z.number().int(),
            interval: z.enum(['month', 'year']),
            priceId: z.string().nullable(),
            /** Set when a STRIPE_PRICE_* variable fixes this plan's id: it wins at every start, so the tools cannot change it. */
            pinnedBy: z.object({ variable: z.string(), priceId: z.string() }).nullable(),
          }),
        ),
      }),
    )
    .query(({ ctx }) => getPriceConfiguration({ db: ctx.db, billing: ctx.services.billing, pinned: ctx.services.pinnedPriceIds })),

  /** POST /api/save-price-configuration: a mode and its price ids (at least one). */
  savePriceConfiguration: adminProcedure
    .input(
      z.object({
        mode: z.enum(['test', 'production']).optional(),
        priceIds: ZPlanKeyMap(ZPriceId).refine((m) => Object.values(m).some(Boolean), '価格IDを入力してください'),
      }),
    )
    .output(z.object({ mode: z.enum(['test', 'production']), updated_count: z.number().int(), message: z.string() }))
    .mutation(async ({ ctx, input }) =>
      savePriceConfiguration({
        db: ctx.db,
        billing: ctx.services.billing,
        mode: input.mode ?? (await getPriceMode(ctx.db)),
        priceIds: input.priceIds,
        pinned: ctx.services.pinnedPriceIds,
        now: ctx.now(),
      }),
    ),

  /** POST /api/plan-configuration */
  savePlanConfiguration: adminProcedure
    .input(z.object({ plans: ZPlanKeyMap(ZPlanConfigurationEntry).refine((m) => Object.values(m).some(Boolean), '価格IDを入力してください') }))
    .output(z.object({ updated_count: z.number().int() }))
    .mutation(({ ctx, input }) => savePlanConfiguration({ db: ctx.db, billing: ctx.services.billing, plans: input.plans, pinned: ctx.services.pinnedPriceIds, now: ctx.now() })),

  health: adminProcedure
    .input(z.void())
    .output(ZHealthReport)
    .query(({ ctx }) => getHealthReport({ db: ctx.db, services: ctx.services })),

  paymentDebug: adminProcedure
    .input(z.object({ paymentId: ZText.trim().max(200).regex(/^[A-Za-z0-9_\-.]*$/, 'IDの形式が正しくありません').optional() }).default({}))
    .output(ZPaymentDebug)
    .query(({ ctx, input }) => getPaymentDebug({ db: ctx.db, services: ctx.services, paymentId: input.paymentId || undefined })),
});
