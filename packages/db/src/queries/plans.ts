import { DEFAULT_DAILY_LIMITS, DEFAULT_PLANS, type PlanId } from '@shunkan/config/plans';
import type { Db } from '../index.js';
import type { PlanRow } from '../schema.js';

export type SeedPlansOptions = {
  /** Stripe price ids from the environment, per plan id. */
  priceIds?: Partial<Record<PlanId, string | undefined>>;
  /** Daily limits for newly created rows (DECISIONS.md defaults otherwise). */
  dailyLimits?: { standard: number; premium: number };
};

/**
 * Writes the default catalogue (packages/config DEFAULT_PLANS) into `plans`, idempotently and safely
 * under concurrent start-ups. Existing rows keep what an admin may have edited (names, prices, limits);
 * only a Stripe price id given in the environment overwrites the stored one, because the deployment's
 * configuration must win over a stale id (say, a test-mode price left behind).
 */
export async function seedPlans(db: Db, options: SeedPlansOptions = {}): Promise<void> {
  const limits = options.dailyLimits ?? DEFAULT_DAILY_LIMITS;
  for (const [index, plan] of DEFAULT_PLANS.entries()) {
    const priceId = options.priceIds?.[plan.id] ?? null;
    await db
      .insertInto('plans')
      .values({
        id: plan.id,
        admin_key: plan.adminKey,
        name: plan.name,
        type: plan.type,
        interval: plan.interval,
        price_yen: plan.priceYen,
        recommended_price_yen: plan.recommendedPriceYen,
        features: JSON.stringify(plan.features),
        is_popular: plan.isPopular,
        discount_label: plan.discountLabel,
        stripe_price_id: priceId,
        daily_limit: limits[plan.type],
        sort_order: index,
      })
      .onConflict((oc) => (priceId ? oc.column('id').doUpdateSet({ stripe_price_id: priceId, updated_at: new Date() }) : oc.column('id').doNothing()))
      .execute();
  }
}

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export async function findPlanById(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPlanByStripePriceId(db: Db, priceId: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('stripe_price_id', '=', priceId).executeTakeFirst();
}
