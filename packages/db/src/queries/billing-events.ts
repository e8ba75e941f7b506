import type { Db } from '../index.js';

/**
 * Stores a provider event id once. False means it was seen before (a redelivery or a replay), and the
 * caller must not apply it again. Run it in the same transaction as the event's effects, so a failure
 * rolls both back and the provider's retry is processed.
 */
export async function recordBillingEvent(db: Db, event: { id: string; type: string; createdAt: Date }): Promise<boolean> {
  const inserted = await db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, created_at: event.createdAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}
