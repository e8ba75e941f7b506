import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing.js';
import { findUserByFirebaseUid, upsertUser } from './queries/users.js';
import { ensureSubscription, updateSubscription } from './queries/subscriptions.js';
import { takeDemoProblem } from './queries/demo.js';
import type { DbHandle } from './index.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`database (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('upserts users and never lowers a role by upsert', async () => {
    const now = new Date();
    const first = await upsertUser(handle.db, { firebaseUid: 'uid-db-1', email: 'A@Example.com', emailVerified: false, promoteToAdmin: true, now });
    expect(first.role).toBe('admin');
    expect(first.email).toBe('a@example.com');
    const again = await upsertUser(handle.db, { firebaseUid: 'uid-db-1', email: 'a@example.com', emailVerified: true, promoteToAdmin: false, now });
    expect(again.id).toBe(first.id);
    expect(again.role).toBe('admin');
    expect(again.email_verified).toBe(true);
    expect((await findUserByFirebaseUid(handle.db, 'uid-db-1'))?.id).toBe(first.id);
  });

  it('stores subscription state with timestamps and jsonb round-trips', async () => {
    const user = await upsertUser(handle.db, { firebaseUid: 'uid-db-2', email: 'b@example.com', emailVerified: true, promoteToAdmin: false, now: new Date() });
    const created = await ensureSubscription(handle.db, user.id);
    expect(created.status).toBe('none');
    const trialStart = new Date('2026-01-01T00:00:00Z');
    await updateSubscription(handle.db, user.id, { status: 'trialing', trial_start: trialStart, type: 'premium' });
    const row = await ensureSubscription(handle.db, user.id);
    expect(row.status).toBe('trialing');
    expect(row.trial_start?.toISOString()).toBe(trialStart.toISOString());
  });

  it('counts demo problems per client and day up to the limit, atomically, and forgets earlier days', async () => {
    const take = (clientKey: string, day: string) => takeDemoProblem(handle.db, { clientKey, day, limit: 3 });
    // Concurrent takes (several API instances) never pass the limit.
    const taken = await Promise.all([1, 2, 3, 4, 5].map(() => take('client-a', '2026-11-23')));
    expect(taken.filter((n) => n !== null).sort()).toEqual([1, 2, 3]);
    expect(taken.filter((n) => n === null)).toHaveLength(2);
    expect(await take('client-b', '2026-11-23')).toBe(1);
    // A new day starts again, and yesterday's rows are gone.
    expect(await take('client-a', '2026-11-24')).toBe(1);
    const days = await handle.db.selectFrom('demo_usage').select('day').distinct().execute();
    expect(days.map((d) => d.day)).toEqual(['2026-11-24']);
  });
});
