import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DbHandle } from '../index.js';
import { createTestDatabase } from '../testing.js';
import { updateSubscription } from '../queries/subscriptions.js';
import { claimTrialForEmail } from '../queries/trial-claims.js';
import { upsertUser } from '../queries/users.js';

let handle: DbHandle;

// A database at 0059 (trials counted per account only), so that 0066's backfill meets real rows.
beforeAll(async () => {
  handle = await createTestDatabase({ migrateBefore: '0060', maxConnections: 5 });
});
afterAll(async () => {
  await handle?.close();
});

describe(`migration 0066: trials claimed per e-mail address (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('claims the addresses of accounts that had a trial, hashed; the claim query agrees with it whatever the letter case', async () => {
    const now = new Date('2026-11-29T00:00:00Z');
    const tried = await upsertUser(handle.db, { firebaseUid: 'uid-0066-a', email: 'Tried-0066@Example.com', emailVerified: true, promoteToAdmin: false, now });
    await updateSubscription(handle.db, tried.id, { status: 'canceled', trial_used: true, trial_start: new Date('2026-11-01T00:00:00Z') });
    const never = await upsertUser(handle.db, { firebaseUid: 'uid-0066-b', email: 'never-0066@example.com', emailVerified: true, promoteToAdmin: false, now });
    await updateSubscription(handle.db, never.id, { status: 'none' });

    expect(await migrateToLatest(handle.db)).toContain('0066-trial-claims');

    const claims = await handle.db.selectFrom('trial_claims').selectAll().execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]?.email_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(claims[0]?.claimed_at ?? 0).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // Another account with the tried address (lower case now) finds it claimed; the other address claims once.
    const later = await upsertUser(handle.db, { firebaseUid: 'uid-0066-c', email: 'tried-0066@example.com', emailVerified: true, promoteToAdmin: false, now });
    expect(await claimTrialForEmail(handle.db, later.id, now)).toBe(false);
    expect(await claimTrialForEmail(handle.db, never.id, now)).toBe(true);
    expect(await claimTrialForEmail(handle.db, never.id, now)).toBe(false);
  });
});
