import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('problems')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('japanese', 'text', (c) => c.notNull())
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('grammar_point', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('synonyms', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('similar_phrases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('bank'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('problems_level_idx').on('problems').columns(['level', 'is_active']).execute();
  await db.schema.createIndex('problems_level_japanese_uq').on('problems').columns(['level', 'japanese']).unique().execute();

  await db.schema
    .createTable('problem_serves')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('served_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('problem_serves_user_level_idx').on('problem_serves').columns(['user_id', 'level', 'served_at']).execute();

  await db.schema
    .createTable('daily_usage')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_usage_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('normalized_answer', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('model_answer', 'text', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('similar_phrases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('is_fallback', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('duration_ms', 'integer')
    .addColumn('is_bookmarked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('attempts_user_created_idx').on('attempts').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('evaluation_cache')
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('normalized_answer', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('evaluation_cache_pk', ['problem_id', 'normalized_answer', 'provider'])
    .execute();
}
