import { randomUUID } from 'node:crypto';
import type { Db, DbHandle } from '@shunkan/db';
import { createTestDatabase } from '@shunkan/db/testing';
import { upsertUser } from '@shunkan/db/users';
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
