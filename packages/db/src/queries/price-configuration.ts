import type { Db } from '../index.js';

export type PriceMode = 'test' | 'production';
const MODE_KEY = 'price_mode';

/** The price setup tool's current mode; test until an admin switches it. */
export async function getPriceMode(db: Db): Promise<PriceMode> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', MODE_KEY).executeTakeFirst();
  return row?.value === 'production' ? 'production' : 'test';
}

/** Stored price ids of one mode, by admin key (standard_monthly ...). */
export async function listModePriceIds(db: Db, mode: PriceMode): Promise<Record<string, string>> {
  const rows = await db.selectFrom('price_configurations').select(['admin_key', 'price_id']).where('mode', '=', mode).execute();
  return Object.fromEntries(rows.map((r) => [r.admin_key, r.price_id]));
}

/**
 * Saves a mode with its price ids and makes it current: the ids are remembered for the mode and copied
 * into the plan catalogue (what checkout charges), all in one transaction. Returns the plans updated.
 */
export async function saveModePriceIds(db: Db, input: { mode: PriceMode; priceIds: Record<string, string>; now: Date }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let updated = 0;
    for (const [adminKey, priceId] of Object.entries(input.priceIds)) {
      await trx
        .insertInto('price_configurations')
        .values({ mode: input.mode, admin_key: adminKey, price_id: priceId, updated_at: input.now })
        .onConflict((oc) => oc.columns(['mode', 'admin_key']).doUpdateSet({ price_id: priceId, updated_at: input.now }))
        .execute();
      const result = await trx
        .updateTable('plans')
        .set({ stripe_price_id: priceId, updated_at: input.now })
        .where('admin_key', '=', adminKey)
        .executeTakeFirst();
      updated += Number(result.numUpdatedRows);
    }
    await trx
      .insertInto('app_settings')
      .values({ key: MODE_KEY, value: input.mode, updated_at: input.now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: input.mode, updated_at: input.now }))
      .execute();
    return updated;
  });
}

export type PlanConfigurationUpdate = {
  adminKey: string;
  priceId: string | null;
  name: string;
  priceYen: number;
};

/** The plan-configuration tool: name, price and Stripe price id per plan (the interval is the plan's own). Returns rows updated. */
export async function updatePlanConfiguration(db: Db, entries: PlanConfigurationUpdate[], now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let updated = 0;
    for (const entry of entries) {
      const result = await trx
        .updateTable('plans')
        .set({ stripe_price_id: entry.priceId, name: entry.name, price_yen: entry.priceYen, updated_at: now })
        .where('admin_key', '=', entry.adminKey)
        .executeTakeFirst();
      updated += Number(result.numUpdatedRows);
    }
    return updated;
  });
}
