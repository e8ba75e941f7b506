import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * An answer is stored once (docs/decisions/064). The client names each answer it submits with a
 * random `submission_id` and sends the same id again when it retries that answer (a 503 after the
 * commit, a connection cut on the way back). The unique index makes a second insert of the same
 * (learner, id) fail, and with it the statement that would have added it to the daily summary and the
 * review card. `submission_response` keeps the evaluation as the learner first received it, so a
 * repeat is answered with the same body without grading again. Attempts of old clients (no id) have
 * both null; nulls never conflict.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempts').addColumn('submission_id', 'uuid').addColumn('submission_response', 'jsonb').execute();
  await sql`create unique index attempts_user_submission_idx on attempts (user_id, submission_id)`.execute(db);
}
