import type { OnConflictBuilder } from 'kysely';
import type { Db } from '../index.js';
import type { Database, UserRow } from '../schema.js';

export async function findUserByFirebaseUid(db: Db, firebaseUid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('firebase_uid', '=', firebaseUid).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * Creates or refreshes the local record of a Firebase account. `promoteToAdmin` only ever raises the
 * role: an admin demoted by removing the claim keeps the role until an admin changes it in the database.
 */
export async function upsertUser(
  db: Db,
  input: { firebaseUid: string; email: string | null; emailVerified: boolean; promoteToAdmin: boolean; now: Date },
): Promise<UserRow> {
  const email = input.email?.toLowerCase() ?? null;
  const row = await db
    .insertInto('users')
    .values({
      firebase_uid: input.firebaseUid,
      email,
      email_verified: input.emailVerified,
      role: input.promoteToAdmin ? 'admin' : 'learner',
      created_at: input.now,
      last_seen_at: input.now,
    })
    .onConflict(refreshOnSignIn(input))
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * The conflict clause of a user upsert (`upsertUser`, account-deletion's `upsertLiveUser`): an existing
 * record takes the token's e-mail and verification and the time seen; the role only ever rises.
 */
export function refreshOnSignIn(input: { email: string | null; emailVerified: boolean; promoteToAdmin: boolean; now: Date }) {
  const email = input.email?.toLowerCase() ?? null;
  return (oc: OnConflictBuilder<Database, 'users'>) =>
    oc.column('firebase_uid').doUpdateSet((eb) => ({
      email,
      email_verified: input.emailVerified,
      last_seen_at: input.now,
      role: input.promoteToAdmin ? 'admin' : eb.ref('users.role'),
    }));
}

export async function setUserRole(db: Db, userId: string, role: 'learner' | 'admin'): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}
