import { TEXT } from '@shunkan/config/texts';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { describe, expect, it } from 'vitest';
import { dataOf, emulatorAdmin, messageOf, requests, serverForFile, signUp } from './harness.js';

/**
 * The ninth security and fault probe (decision 098), as tests: per-object authorisation and role
 * changes after a token was minted, token edge cases, money paths, inputs and faults left open by the
 * eight probes before it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const file = serverForFile();
const { post, get } = requests(() => file.server);

async function adminByClaim(): Promise<{ idToken: string; localId: string; userId: string }> {
  const account = await signUp();
  await emulatorAdmin('accounts:update', { localId: account.localId, customAttributes: JSON.stringify({ admin: true }) });
  const whoami = await get('/api/trpc/admin.whoami', account.idToken);
  expect(whoami.statusCode, whoami.body).toBe(200);
  const row = await findUserByFirebaseUid(file.server.database.db, account.localId);
  if (!row) throw new Error('no user row');
  return { ...account, userId: row.id };
}

describe('an admin made by the Firebase admin claim, whose role another admin withdraws', () => {
  it('loses admin at once and for good, although their token was checked seconds before (the claim was read from a cache and promoted them again)', async () => {
    const first = await adminByClaim();
    const second = await adminByClaim();
    // The second admin is active: their token's account record is in the verifier's cache (10 s).
    expect((await get('/api/trpc/admin.whoami', second.idToken)).statusCode).toBe(200);

    const withdrawn = await post('/api/trpc/admin.users.setAdmin', first.idToken, { userId: second.userId, isAdmin: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const next = await get('/api/trpc/admin.whoami', second.idToken);
    expect(next.statusCode).toBe(403);
    expect(messageOf(next)).toBe(TEXT.forbidden);
    expect((await get('/api/admin/stats', second.idToken)).statusCode).toBe(403);
    const row = await findUserByFirebaseUid(file.server.database.db, second.localId);
    expect(row?.role).toBe('learner');
    const me = dataOf<{ user: { isAdmin: boolean } }>(await get('/api/trpc/auth.me', second.idToken));
    expect(me.user.isAdmin).toBe(false);
  });
});
