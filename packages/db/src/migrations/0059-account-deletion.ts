import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * Account deletion (docs/decisions/059). `deleted_accounts` remembers the Firebase uid of every deleted
 * account (nothing else about the person): a token of that uid that is still valid (Firebase keeps
 * accepting an ID token for up to an hour, and the Firebase deletion may have failed and wait for a
 * retry) must not recreate the user record, and a retry must know that the database part is done.
 * `firebase_deleted_at` is set once the Firebase account is gone too.
 *
 * A deleted user row is announced on the role channel of migration 0016 (payload: the Firebase uid),
 * so every API instance drops that user's cached session at once, as for a role change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deleted_accounts')
    .addColumn('firebase_uid', 'text', (c) => c.primaryKey())
    // The deleted row's id (a random uuid, nothing about the person): an admin's retry names the user by it.
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('firebase_deleted_at', 'timestamptz')
    .execute();
  // The function of 0016 reads `new`, which a delete trigger does not have: a function of its own.
  await sql`
    create function notify_user_deleted() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shunkan_user_role', old.firebase_uid);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_delete_notify
    after delete on users
    for each row
    execute function notify_user_deleted()
  `.execute(db);
}
