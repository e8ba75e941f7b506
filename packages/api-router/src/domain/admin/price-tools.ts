import { ZText } from '@shunkan/config/schemas';
import { ADMIN_TEXT, checkPriceId, modeSwitchedMessage, PRICE_ENV_VARIABLES, priceAmountMismatchMessage, priceIdPinnedMessage, type PriceEnvPlanKey } from '@shunkan/config/admin';
import { formatYen } from '@shunkan/config/plans';
import type { Db } from '@shunkan/db';
import { getPriceMode, listModePriceIds, saveModePriceIds, updatePlanConfiguration, type PriceMode } from '@shunkan/db/price-configuration';
import { z } from 'zod';
import { type BillingProvider, type TPriceItem } from '../../services/billing/types.js';
import { getCatalogue, type TCataloguePlan } from '../plans.js';
import { AppError } from '../../errors.js';

export const ADMIN_PLAN_KEYS = ['standard_monthly', 'standard_yearly', 'premium_monthly', 'premium_yearly'] as const;
export type AdminPlanKey = (typeof ADMIN_PLAN_KEYS)[number];

export const ZPriceItem = z.object({
  id: z.string(),
  active: z.boolean(),
  unit_amount: z.number().int().nullable(),
  currency: z.string(),
  type: z.enum(['recurring', 'one_time']),
  recurring: z.object({ interval: z.string(), interval_count: z.number().int() }).nullable(),
  product: z.string().nullable(),
  nickname: z.string().nullable(),
});

/** A price id the tools accept (spec section 5), refused with the spec's Japanese message otherwise. */
export const ZPriceId = ZText.transform((raw, ctx) => {
  const checked = checkPriceId(raw);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }
  return checked.priceId;
});

/**
 * Sandbox mode has no Stripe account: its "prices" are the catalogue's own plans under fixed ids
 * (`price_sandbox_<admin key>`), so the tools can be tried end to end and say plainly that they are
 * answering from the sandbox.
 */
export function sandboxPriceId(adminKey: string): string {
  return `price_sandbox_${adminKey}`;
}

function sandboxPrices(plans: TCataloguePlan[]): TPriceItem[] {
  return plans.map((plan) => ({
    id: sandboxPriceId(plan.adminKey),
    active: true,
    unit_amount: plan.priceYen,
    currency: 'jpy',
    type: 'recurring',
    recurring: { interval: plan.interval, interval_count: 1 },
    product: `prod_sandbox_${plan.adminKey}`,
    nickname: plan.name,
  }));
}

export async function getPriceInfo(options: { db: Db; billing: BillingProvider; priceId: string }): Promise<{ source: 'sandbox' | 'stripe'; price: TPriceItem }> {
  if (options.billing.mode === 'sandbox') {
    const price = sandboxPrices(await getCatalogue(options.db)).find((p) => p.id === options.priceId);
    if (!price) throw new AppError('NOT_FOUND', ADMIN_TEXT.sandboxPriceNotFound);
    return { source: 'sandbox', price };
  }
  // A Stripe refusal is an AppError already (a missing price: 404 with Stripe's own words).
  return { source: 'stripe', price: await options.billing.retrievePrice(options.priceId) };
}

export async function listPrices(options: { db: Db; billing: BillingProvider }) {
  if (options.billing.mode === 'sandbox') {
    const prices = sandboxPrices(await getCatalogue(options.db));
    return { account_type: 'sandbox' as const, total_prices: prices.length, prices, message: 'サンドボックスのカタログから表示しています（Stripe未接続）。' };
  }
  const prices = await options.billing.listPrices();
  return { account_type: options.billing.accountType, total_prices: prices.length, prices, message: null };
}

export type PinnedPriceIds = Partial<Record<PriceEnvPlanKey, string>>;

/** The start-up variable fixing this plan's price id, with its value (null when the tools decide). */
function pinOf(pinned: PinnedPriceIds | undefined, adminKey: string): { variable: string; priceId: string } | null {
  if (!(adminKey in PRICE_ENV_VARIABLES)) return null;
  const key = adminKey as PriceEnvPlanKey;
  const priceId = pinned?.[key];
  return priceId ? { variable: PRICE_ENV_VARIABLES[key], priceId } : null;
}

/** An id fixed by a start-up variable may be saved again, never replaced (it would be undone at the next start). */
function refuseUnpinning(pinned: PinnedPriceIds | undefined, adminKey: string, priceId: string | null): void {
  const pin = pinOf(pinned, adminKey);
  if (pin && pin.priceId !== priceId) throw new AppError('BAD_REQUEST', priceIdPinnedMessage(pin.variable));
}

export async function getPriceConfiguration(options: { db: Db; billing: BillingProvider; pinned?: PinnedPriceIds }) {
  const [mode, test, production, plans] = await Promise.all([
    getPriceMode(options.db),
    listModePriceIds(options.db, 'test'),
    listModePriceIds(options.db, 'production'),
    getCatalogue(options.db),
  ]);
  return {
    billingMode: options.billing.mode,
    mode,
    priceIds: { test, production },
    plans: plans.map((p) => ({
      adminKey: p.adminKey,
      planId: p.id,
      name: p.name,
      priceYen: p.priceYen,
      recommendedPriceYen: p.recommendedPriceYen,
      interval: p.interval,
      priceId: p.priceId,
      pinnedBy: pinOf(options.pinned, p.adminKey),
    })),
  };
}

/**
 * A price may back a plan only if it recurs at the plan's interval and, on Stripe, charges exactly the
 * yen learners are shown (`shownYen`: the plan's price after the save). Stripe charges the price's own
 * amount whatever the catalogue says, so a mistyped id of the right interval (premium's price on the
 * standard plan, a ¥0 test price) charged learners another amount than the plan page showed until the
 * start-up check reported it (decision 051). Sandbox prices are the catalogue itself: nothing to compare.
 */
async function verifyForPlan(options: { db: Db; billing: BillingProvider }, plan: TCataloguePlan, priceId: string, shownYen: number): Promise<void> {
  const { source, price } = await getPriceInfo({ ...options, priceId });
  if (price.type !== 'recurring' || price.recurring?.interval !== plan.interval || !price.active) {
    throw new AppError('BAD_REQUEST', `${priceId} は ${plan.name}（${plan.interval === 'year' ? '年' : '月'}額）に使えません（定期課金・同じ請求間隔・有効な価格が必要です）。`);
  }
  if (source === 'stripe' && (price.currency !== 'jpy' || price.unit_amount !== shownYen)) {
    // JPY is a zero-decimal currency: unit_amount is in yen.
    const amount = price.currency === 'jpy' && price.unit_amount !== null ? formatYen(price.unit_amount) : `${price.unit_amount ?? '—'} ${price.currency.toUpperCase()}`;
    throw new AppError('BAD_REQUEST', priceAmountMismatchMessage(priceId, plan.name, amount, formatYen(shownYen)));
  }
}

/**
 * Price setup: saves a mode with its price ids (each checked with the provider first) and makes it the
 * current one, copying the ids into the plan catalogue. At least one id is required.
 */
export async function savePriceConfiguration(options: {
  db: Db;
  billing: BillingProvider;
  mode: PriceMode;
  priceIds: Partial<Record<AdminPlanKey, string>>;
  pinned?: PinnedPriceIds;
  now: Date;
}) {
  const plans = await getCatalogue(options.db);
  const entries = Object.entries(options.priceIds).filter((e): e is [AdminPlanKey, string] => typeof e[1] === 'string' && e[1] !== '');
  for (const [key, priceId] of entries) refuseUnpinning(options.pinned, key, priceId);
  for (const [key, priceId] of entries) {
    const plan = plans.find((p) => p.adminKey === key);
    if (!plan) throw new AppError('BAD_REQUEST', ADMIN_TEXT.priceNotInCatalogue);
    await verifyForPlan(options, plan, priceId, plan.priceYen);
  }
  const updated = await saveModePriceIds(options.db, { mode: options.mode, priceIds: Object.fromEntries(entries), now: options.now });
  return { mode: options.mode, updated_count: updated, message: modeSwitchedMessage(options.mode) };
}

export const ZPlanConfigurationEntry = z.object({
  priceId: ZPriceId,
  name: ZText.trim().min(1).max(40),
  displayPrice: ZText.trim().max(40).optional(),
  stripeAmount: z.number().int().min(0).max(1_000_000),
  currency: z.literal('jpy'),
  period: z.enum(['month', 'year']),
});

/** Plan configuration: price id, name and amount per plan; every id is checked with the provider first. */
export async function savePlanConfiguration(options: {
  db: Db;
  billing: BillingProvider;
  plans: Partial<Record<AdminPlanKey, z.infer<typeof ZPlanConfigurationEntry>>>;
  pinned?: PinnedPriceIds;
  now: Date;
}) {
  for (const [key, entry] of Object.entries(options.plans)) if (entry) refuseUnpinning(options.pinned, key, entry.priceId);
  const catalogue = await getCatalogue(options.db);
  const updates = [];
  for (const [key, entry] of Object.entries(options.plans)) {
    if (!entry) continue;
    const plan = catalogue.find((p) => p.adminKey === key);
    if (!plan) throw new AppError('BAD_REQUEST', ADMIN_TEXT.priceNotInCatalogue);
    if (entry.period !== plan.interval) {
      throw new AppError('BAD_REQUEST', `${plan.name}の請求間隔は${plan.interval === 'year' ? '年' : '月'}です。`);
    }
    await verifyForPlan(options, plan, entry.priceId, entry.stripeAmount);
    updates.push({ adminKey: key, priceId: entry.priceId, name: entry.name, priceYen: entry.stripeAmount });
  }
  const updated = await updatePlanConfiguration(options.db, updates, options.now);
  return { updated_count: updated };
}
