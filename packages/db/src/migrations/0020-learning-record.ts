import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The learning record (issue 9): every attempt carries its JST day, and a per-learner daily summary
// (learning_days) is kept in step with attempts by the attempts query module, so my page's
// statistics cost the same for a learner with ten thousand attempts as for one with ten.
// Also: the learner's settings (daily goal), spaced-review cards (FSRS), custom scenarios, and the
// timer mode's fields on an attempt.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_scenarios')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('custom_scenarios_user_idx').on('custom_scenarios').columns(['user_id', 'created_at']).execute();

  // Problems generated for a scenario (Gemini); they stay out of the level pools (is_active false).
  await db.schema
    .createTable('scenario_problems')
    .addColumn('scenario_id', 'uuid', (c) => c.notNull().references('custom_scenarios.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scenario_problems_pk', ['scenario_id', 'problem_id'])
    .execute();

  await db.schema
    .alterTable('attempts')
    .addColumn('day', 'text')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('practice'))
    .addColumn('scenario_id', 'uuid', (c) => c.references('custom_scenarios.id').onDelete('set null'))
    .addColumn('time_limit_ms', 'integer')
    .addColumn('is_late', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // One-off backfill of rows written before this migration (JST has no daylight saving).
  await sql`update attempts set day = to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`.execute(db);
  await db.schema.alterTable('attempts').alterColumn('day', (c) => c.setNotNull()).execute();
  await sql`create index attempts_user_bookmarked_idx on attempts (user_id, created_at) where is_bookmarked`.execute(db);

  await db.schema
    .createTable('learning_days')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('rating_sum', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('learning_days_pk', ['user_id', 'day', 'level'])
    .execute();
  await sql`
    insert into learning_days (user_id, day, level, attempts, rating_sum)
    select user_id, day, level, count(*), sum(rating) from attempts group by user_id, day, level
  `.execute(db);

  await db.schema
    .createTable('learner_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_goal', 'integer', (c) => c.check(sql`daily_goal between 1 and 100`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('review_cards')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('due', 'timestamptz', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('review_cards_pk', ['user_id', 'problem_id'])
    .execute();
  await db.schema.createIndex('review_cards_user_due_idx').on('review_cards').columns(['user_id', 'due']).execute();
}
