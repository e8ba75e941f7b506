import { findUserByFirebaseUid } from '@shunkan/db/users';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { signUp, startTestServer } from './harness.js';

// A role changed by another instance (simulated: an UPDATE on the shared database that this instance
// did not make) must count at this instance's next request, not after its 30 s session cache
// (decision 031). Only a PostgreSQL server has other instances; PGlite is one process.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('role-change.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run it.');

let server: ServerHandle;
beforeAll(async () => {
  if (serverUrl) server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function isAdminNow(token: string): Promise<{ view: boolean; adminCall: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const view = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers });
  const whoami = await server.app.inject({ method: 'GET', url: '/api/trpc/admin.whoami', headers });
  return { view: (view.json() as { isAdmin: boolean }).isAdmin, adminCall: whoami.statusCode };
}

describe.skipIf(!serverUrl)('a role changed on another instance', () => {
  it('is seen at once, granted and withdrawn, although this instance had the session cached', async () => {
    const learner = await signUp();
    // Cached here as a learner.
    expect(await isAdminNow(learner.idToken)).toEqual({ view: false, adminCall: 403 });
    const user = await findUserByFirebaseUid(server.database.db, learner.localId);
    if (!user) throw new Error('no user row');

    await server.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    // The notice arrives asynchronously; well inside the cache's 30 s, it must have counted.
    await vi.waitFor(async () => expect(await isAdminNow(learner.idToken)).toEqual({ view: true, adminCall: 200 }), { timeout: 10_000, interval: 100 });

    await server.database.db.updateTable('users').set({ role: 'learner' }).where('id', '=', user.id).execute();
    await vi.waitFor(async () => expect(await isAdminNow(learner.idToken)).toEqual({ view: false, adminCall: 403 }), { timeout: 10_000, interval: 100 });
  });
});
