import { randomUUID } from 'node:crypto';
import type { Db, DbHandle } from '@shunkan/db';
import { createTestDatabase } from '@shunkan/db/testing';
import { updateSubscription } from '@shunkan/db/subscriptions';
import { upsertUser } from '@shunkan/db/users';
import { TRPCError } from '@trpc/server';
import { createCaller } from '../src/root.js';
import { createContextInner, type Logger, type Services, type SessionUser } from '../src/context.js';
import { createSandboxBilling } from '../src/services/billing/sandbox.js';
import { createPracticeServices } from '../src/services/practice-services.js';

export const silentLog: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Services for createCaller tests; pass the test database so the verdict cache has a home. */
export function testServices(db: Db, overrides: Partial<Services> = {}): Services {
  return {
    auth: null,
    adminEmails: [],
    log: silentLog,
    practice: createPracticeServices({ db, log: silentLog }),
    billing: createSandboxBilling(),
    ...overrides,
  };
}

/** A unique user row per call, so tests never depend on each other's data or order. */
export async function seedUser(db: Db, options: { isAdmin?: boolean; emailVerified?: boolean } = {}): Promise<SessionUser> {
  const uid = `test-${randomUUID()}`;
  const row = await upsertUser(db, {
    firebaseUid: uid,
    email: `${uid}@example.com`,
    emailVerified: options.emailVerified ?? true,
    promoteToAdmin: options.isAdmin ?? false,
    now: new Date(),
  });
  return { id: row.id, firebaseUid: uid, email: row.email, emailVerified: row.email_verified, isAdmin: row.role === 'admin' };
}

export function callerFor(db: Db, user: SessionUser | null, options: { now?: () => Date; services?: Services } = {}) {
  return createCaller(createContextInner({ db, services: options.services ?? testServices(db), user, now: options.now }));
}

export async function openTestDb(): Promise<DbHandle> {
  return createTestDatabase();
}

/** A learner with an active plan ('standard' or 'premium') or a running trial. */
export async function seedSubscriber(db: Db, kind: 'standard' | 'premium' | 'trial' = 'standard'): Promise<SessionUser> {
  const user = await seedUser(db);
  const farFuture = new Date('2100-01-01T00:00:00.000Z');
  await updateSubscription(
    db,
    user.id,
    kind === 'trial'
      ? { status: 'trialing', type: 'premium', trial_start: new Date(), trial_used: true }
      : { status: 'active', type: kind, plan_id: kind, interval: 'month', amount: kind === 'standard' ? 780 : 1080, current_period_end: farFuture },
  );
  return user;
}

/** The tRPC error code and message of a call, or null when it succeeded. */
export async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
}
