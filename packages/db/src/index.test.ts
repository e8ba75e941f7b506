import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing.js';
import { findUserByFirebaseUid, upsertUser } from './queries/users.js';
import { ensureSubscription, updateSubscription } from './queries/subscriptions.js';
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
});
