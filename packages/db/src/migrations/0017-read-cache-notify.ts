import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * Every statement that writes `subscriptions` or `plans` is announced on the `shunkan_read_cache`
 * channel (payload: the table's name), whoever runs it: any API instance, a webhook, SQL typed by hand.
 * Each API instance on a PostgreSQL server listens and drops what its read cache holds from that table
 * (packages/db read-cache.ts, docs/decisions/032), so a learner's subscription can be read from memory
 * on every request without another instance's change going unseen. NOTIFY is delivered at commit (never
 * for a rolled-back change) and one transaction's identical notices are folded into one. Statement
 * level: one notice per statement, whatever the number of rows. On PGlite nobody listens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_read_cache() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shunkan_read_cache', tg_table_name);
      return null;
    end
    $$
  `.execute(db);
  for (const table of ['subscriptions', 'plans']) {
    await sql`
      create trigger ${sql.raw(`${table}_read_cache_notify`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_read_cache()
    `.execute(db);
  }
}
