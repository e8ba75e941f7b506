import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * The grade a learner appealed, kept with the appeal (issue 12, item 6). An accepted appeal regrades
 * the attempt in place, which used to lose the stars, feedback and named errors the learner had been
 * given; the appeal now keeps them, so the learner's history and the admin queue can show the
 * original grade beside the regraded one. `original_rating` exists since 0040.
 *
 * Appeals still pending or rejected have an attempt that was never regraded: their original grade is
 * copied from it. Appeals accepted before this migration lost theirs: the columns stay null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appeals')
    .addColumn('original_model_answer', 'text')
    .addColumn('original_feedback', 'text')
    .addColumn('original_errors', 'jsonb')
    .addColumn('original_provider', 'text')
    .execute();
  await sql`
    update appeals
    set original_model_answer = attempts.model_answer,
        original_feedback = attempts.feedback,
        original_errors = attempts.errors,
        original_provider = attempts.provider
    from attempts
    where attempts.id = appeals.attempt_id and appeals.status <> 'accepted'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appeals')
    .dropColumn('original_model_answer')
    .dropColumn('original_feedback')
    .dropColumn('original_errors')
    .dropColumn('original_provider')
    .execute();
}
