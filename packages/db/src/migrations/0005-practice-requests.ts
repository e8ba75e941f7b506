import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A client-chosen request id per "start/next problem" click: a repeated or concurrent request with
// the same id returns the same problem and is counted against the daily limit once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problem_serves').addColumn('request_id', 'text').execute();
  await db.schema
    .createIndex('problem_serves_user_request_uq')
    .on('problem_serves')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
}
