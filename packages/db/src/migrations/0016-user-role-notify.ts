import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * Every change of a user's role is announced on the `shunkan_user_role` channel (payload: the
 * Firebase uid), whoever makes it: an admin's switch on any instance, a promotion by token claim, or
 * SQL typed by hand. Each API instance on a PostgreSQL server listens and drops that user's cached
 * session, so a granted (or withdrawn) admin role counts on every instance at the next request instead
 * of after the 30 s session cache (docs/decisions/031). NOTIFY is delivered at commit, never for a
 * rolled-back change. On PGlite (one process) nobody listens and the notice costs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_user_role_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shunkan_user_role', new.firebase_uid);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_role_notify
    after update of role on users
    for each row when (old.role is distinct from new.role)
    execute function notify_user_role_change()
  `.execute(db);
}
