import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * The problems each guest was served in the demo (per Japanese day and client key, the same key as
 * demo_usage). The demo's grader took any bank problem by id, served or not: a guest read the model
 * answer, the other accepted answers and the grammar point of all 840 bank problems (ids are
 * `<level>-NNN`) past the daily quota of five (decision 051). A demo answer is now graded only for a
 * problem this guest was served today or yesterday. The day leads the key, as in demo_usage.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_serves')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('problem_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('demo_serves_pk', ['day', 'client_key', 'problem_id'])
    .execute();
}
