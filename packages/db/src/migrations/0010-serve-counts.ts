import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Choosing the next problem and checking "was it served to this learner" must not get slower as the
// learner's history grows (issue 8): a per-(learner, problem) tally replaces counting every past serve,
// and problem_serves gets the (user, problem) index the evaluation's "was it served" check needs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('problem_serve_counts')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('times', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_serve_counts_pk', ['user_id', 'problem_id'])
    .execute();
  await sql`
    insert into problem_serve_counts (user_id, problem_id, times)
    select user_id, problem_id, count(*)::int from problem_serves group by user_id, problem_id
  `.execute(db);
  await db.schema.createIndex('problem_serves_user_problem_idx').on('problem_serves').columns(['user_id', 'problem_id']).execute();
}
