import {
  DEFAULT_DAILY_LIMITS,
  DEFAULT_PLANS,
  isPlanId,
  PLAN_IDS,
  type BillingInterval,
  type PlanDefinition,
  type PlanId,
  type SubscriptionType,
} from '@shunkan/config/plans';
import type { Db } from '@shunkan/db';
import { listPlans } from '@shunkan/db/plans';
import type { PlanRow } from '@shunkan/db/schema';
import { z } from 'zod';

export const ZPlanId = z.enum(PLAN_IDS);

export const ZCataloguePlan = z.object({
  id: ZPlanId,
  adminKey: z.enum(['standard_monthly', 'standard_yearly', 'premium_monthly', 'premium_yearly']),
  name: z.string(),
  type: z.enum(['standard', 'premium']),
  interval: z.enum(['month', 'year']),
  priceYen: z.number().int(),
  recommendedPriceYen: z.number().int(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  discountLabel: z.string().nullable(),
  /** The Stripe price behind the plan; null in sandbox mode or while unconfigured. */
  priceId: z.string().nullable(),
  /** Problems per JST day on this plan; null = unlimited. */
  dailyLimit: z.number().int().nullable(),
});
export type TCataloguePlan = z.infer<typeof ZCataloguePlan>;

function fromRow(row: PlanRow): TCataloguePlan | null {
  if (!isPlanId(row.id)) return null;
  return {
    id: row.id,
    adminKey: row.admin_key as TCataloguePlan['adminKey'],
    name: row.name,
    type: row.type as SubscriptionType,
    interval: row.interval as BillingInterval,
    priceYen: row.price_yen,
    recommendedPriceYen: row.recommended_price_yen,
    features: row.features,
    isPopular: row.is_popular,
    discountLabel: row.discount_label,
    priceId: row.stripe_price_id,
    dailyLimit: row.daily_limit,
  };
}

function fromDefault(plan: PlanDefinition): TCataloguePlan {
  return { ...plan, features: [...plan.features], priceId: null, dailyLimit: DEFAULT_DAILY_LIMITS[plan.type] };
}

/**
 * The plan catalogue from the `plans` table (seeded at start-up, admin-editable). A database nobody
 * seeded (another domain's test) still gets the built-in defaults rather than an empty product.
 */
export async function getCatalogue(db: Db): Promise<TCataloguePlan[]> {
  const rows = await listPlans(db);
  const plans = rows.map(fromRow).filter((p): p is TCataloguePlan => p !== null);
  return plans.length > 0 ? plans : DEFAULT_PLANS.map(fromDefault);
}

export async function findCataloguePlan(db: Db, id: string | null | undefined): Promise<TCataloguePlan | null> {
  if (!id) return null;
  return (await getCatalogue(db)).find((p) => p.id === id) ?? null;
}

/** The catalogue plan a Stripe price id belongs to; only catalogue prices can ever be bought. */
export async function findCataloguePlanByPriceId(db: Db, priceId: string): Promise<TCataloguePlan | null> {
  return (await getCatalogue(db)).find((p) => p.priceId !== null && p.priceId === priceId) ?? null;
}

/** The yearly plan of the same type (standard → standard-yearly). */
export function yearlyPlanIdOf(type: SubscriptionType): PlanId {
  return type === 'premium' ? 'premium-yearly' : 'standard-yearly';
}
