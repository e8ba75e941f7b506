import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DbHandle } from '../index.js';
import { createTestDatabase } from '../testing.js';
import { releaseBillingLock, tryTakeBillingLock } from '../queries/billing-locks.js';
import { updateSubscription } from '../queries/subscriptions.js';
import { claimTrialForEmail } from '../queries/trial-claims.js';
import { upsertUser } from '../queries/users.js';

let handle: DbHandle;

// A database before 0074, so that its backfill of trial claims meets real rows.
beforeAll(async () => {
  handle = await createTestDatabase({ migrateBefore: '0074', maxConnections: 5 });
});
afterAll(async () => {
  await handle?.close();
});

const now = new Date('2026-11-29T00:00:00Z');
const user = (uid: string, email: string) => upsertUser(handle.db, { firebaseUid: uid, email, emailVerified: true, promoteToAdmin: false, now });

describe(`migration 0074 (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('claims the mailbox of every account that had a trial, so that its aliases find it claimed; claims of 0066 still count', async () => {
    const tried = await user('uid-0074-a', 'Ta.Ro+first@gmail.com');
    await updateSubscription(handle.db, tried.id, { status: 'canceled', trial_used: true, trial_start: new Date('2026-11-01T00:00:00Z') });
    // A claim as 0066 made it (the hash of the lower-cased address) of an account since deleted.
    await sql`insert into trial_claims (email_sha256, claimed_at) values (encode(sha256(convert_to(lower('Sa.Bu+old@gmail.com'), 'UTF8')), 'hex'), now())`.execute(handle.db);
    const other = await user('uid-0074-b', 'hanako@example.co.jp');
    await updateSubscription(handle.db, other.id, { status: 'canceled', trial_used: true, trial_start: new Date('2026-11-02T00:00:00Z') });

    expect(await migrateToLatest(handle.db)).toContain('0074-billing-locks-scenario-requests');

    // Gmail ignores dots and the +tag, and googlemail.com is gmail.com: all one mailbox, claimed.
    for (const [uid, alias] of [
      ['uid-0074-c', 'taro@gmail.com'],
      ['uid-0074-d', 't.a.r.o+again@googlemail.com'],
      ['uid-0074-e', 'TARO+x@Gmail.com'],
    ] as const) {
      expect(await claimTrialForEmail(handle.db, (await user(uid, alias)).id, now), alias).toBe(false);
    }
    // The deleted account's address, in another letter case: still claimed (its own hash). Its other
    // aliases are not found: a hash cannot be folded afterwards.
    expect(await claimTrialForEmail(handle.db, (await user('uid-0074-f', 'sa.bu+OLD@gmail.com')).id, now)).toBe(false);
    expect(await claimTrialForEmail(handle.db, (await user('uid-0074-f2', 'Hanako@Example.co.jp')).id, now)).toBe(false);
    // Another domain's +tag is another address (its server decides), and a new mailbox claims once.
    expect(await claimTrialForEmail(handle.db, (await user('uid-0074-g', 'hanako+2@example.co.jp')).id, now)).toBe(true);
    const fresh = await user('uid-0074-h', 'jiro+shop@outlook.com');
    expect(await claimTrialForEmail(handle.db, fresh.id, now)).toBe(true);
    expect(await claimTrialForEmail(handle.db, (await user('uid-0074-i', 'Jiro@Outlook.com')).id, now)).toBe(false);
    // Nothing but hashes is kept.
    const claims = await handle.db.selectFrom('trial_claims').select('email_sha256').execute();
    for (const claim of claims) expect(claim.email_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leases a learner\'s billing writes to one holder until released or expired', async () => {
    const learner = await user('uid-0074-lease', 'lease-0074@example.com');
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    expect(await tryTakeBillingLock(handle.db, learner.id, first, 60_000)).toBe(true);
    expect(await tryTakeBillingLock(handle.db, learner.id, second, 60_000)).toBe(false);
    // Another holder cannot release it.
    await releaseBillingLock(handle.db, learner.id, second);
    expect(await tryTakeBillingLock(handle.db, learner.id, second, 60_000)).toBe(false);
    await releaseBillingLock(handle.db, learner.id, first);
    expect(await tryTakeBillingLock(handle.db, learner.id, second, 1)).toBe(true);
    // Expired (a holder that died): taken over.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await tryTakeBillingLock(handle.db, learner.id, first, 60_000)).toBe(true);
    expect(await handle.db.selectFrom('billing_locks').select('holder').where('user_id', '=', learner.id).execute()).toEqual([{ holder: first }]);
  });
});
