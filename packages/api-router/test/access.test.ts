import { TRPCError } from '@trpc/server';
import type { DbHandle } from '@shunkan/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProblemBank } from '../src/services/problem-bank/index.js';
import { callerFor, openTestDb, seedUser } from './helpers.js';
import type { SessionUser } from '../src/session.js';

let handle: DbHandle;
let learner: SessionUser;
let unverified: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  handle = await openTestDb();
  await seedProblemBank(handle.db);
  learner = await seedUser(handle.db);
  unverified = await seedUser(handle.db, { emailVerified: false });
  admin = await seedUser(handle.db, { isAdmin: true });
});
afterAll(async () => {
  await handle?.close();
});

type Role = 'guest' | 'unverified' | 'learner' | 'admin';
type Expectation = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'PRECONDITION_FAILED';

/** Every procedure, called as each kind of caller (style: one table, all doors). */
const TABLE: Array<{ name: string; call: (c: ReturnType<typeof callerFor>) => Promise<unknown>; expect: Record<Role, Expectation> }> = [
  { name: 'auth.me', call: (c) => c.auth.me(), expect: { guest: 'UNAUTHORIZED', unverified: 'ok', learner: 'ok', admin: 'ok' } },
  { name: 'subscription.current', call: (c) => c.subscription.current(), expect: { guest: 'UNAUTHORIZED', unverified: 'ok', learner: 'ok', admin: 'ok' } },
  { name: 'admin.whoami', call: (c) => c.admin.whoami(), expect: { guest: 'UNAUTHORIZED', unverified: 'FORBIDDEN', learner: 'FORBIDDEN', admin: 'ok' } },
  { name: 'admin.setupAdmin', call: (c) => c.admin.setupAdmin({ email: 'x@example.com' }), expect: { guest: 'UNAUTHORIZED', unverified: 'FORBIDDEN', learner: 'FORBIDDEN', admin: 'PRECONDITION_FAILED' } },
  { name: 'practice.today', call: (c) => c.practice.today(), expect: { guest: 'UNAUTHORIZED', unverified: 'FORBIDDEN', learner: 'FORBIDDEN', admin: 'ok' } },
  { name: 'practice.nextProblem', call: (c) => c.practice.nextProblem({ difficultyLevel: 'toeic' }), expect: { guest: 'UNAUTHORIZED', unverified: 'FORBIDDEN', learner: 'FORBIDDEN', admin: 'ok' } },
];

describe(`procedure access (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  for (const row of TABLE) {
    for (const role of ['guest', 'unverified', 'learner', 'admin'] as const) {
      it(`${row.name} as ${role} → ${row.expect[role]}`, async () => {
        const user = { guest: null, unverified, learner, admin }[role];
        const promise = row.call(callerFor(handle.db, user));
        if (row.expect[role] === 'ok') {
          await expect(promise).resolves.toBeDefined();
        } else {
          const error = await promise.then(() => null, (e: unknown) => e);
          expect(error).toBeInstanceOf(TRPCError);
          expect((error as TRPCError).code).toBe(row.expect[role]);
        }
      });
    }
  }

  it('explains that problem generation needs Gemini when no key is configured', async () => {
    const error = await callerFor(handle.db, admin).admin.generateProblems({ difficultyLevel: 'toeic', count: 3 }).then(() => null, (e: unknown) => e);
    expect((error as TRPCError).code).toBe('PRECONDITION_FAILED');
  });

  it('reports the subscription view with the server-side admin flag', async () => {
    const view = await callerFor(handle.db, admin).subscription.current();
    expect(view.isAdmin).toBe(true);
    expect(view.hasAccess).toBe(true);
    const learnerView = await callerFor(handle.db, learner).subscription.current();
    expect(learnerView).toMatchObject({ isAdmin: false, subscriptionStatus: 'none', hasAccess: false });
  });
});
