import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The appeal loop (issue 12): a learner says "this answer is right too"; the answer is re-checked at
// once and queued for an admin. An accepted appeal adds the sentence to the problem's accepted
// answers, stored here and layered over the bundled bank at grading time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appeals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'bigint', (c) => c.notNull().unique().references('attempts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('normalized_answer', 'text', (c) => c.notNull())
    /** The attempt's stars when the appeal was made. */
    .addColumn('original_rating', 'integer', (c) => c.notNull())
    /** The immediate re-check (Gemini when configured, else the built-in grade with accepted answers). */
    .addColumn('recheck_rating', 'integer')
    .addColumn('recheck_provider', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'rejected')`))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('appeals_status_created_idx').on('appeals').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('appeals_problem_answer_idx').on('appeals').columns(['problem_id', 'normalized_answer']).execute();

  await db.schema
    .createTable('accepted_answers')
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('normalized_answer', 'text', (c) => c.notNull())
    /** The sentence as the learner wrote it (becomes an extra pattern of the problem's lattice). */
    .addColumn('sentence', 'text', (c) => c.notNull())
    .addColumn('appeal_id', 'bigint', (c) => c.references('appeals.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('accepted_answers_pk', ['problem_id', 'normalized_answer'])
    .execute();
}
