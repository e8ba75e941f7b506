import { sql, type Kysely } from 'kysely';

/** Admin dashboard (issue 10): price tool configuration, and indexes for the dashboard's time windows. */
export async function up(db: Kysely<any>): Promise<void> {
  // The price setup tool keeps one set of Stripe price ids per mode (test: ¥0 test prices, production:
  // real prices); switching the mode copies that mode's ids into the plan catalogue.
  await db.schema
    .createTable('price_configurations')
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('test', 'production')`))
    .addColumn('admin_key', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('price_configurations_pk', ['mode', 'admin_key'])
    .execute();
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('attempts_created_idx').on('attempts').column('created_at').execute();
  await db.schema.createIndex('attempts_problem_idx').on('attempts').column('problem_id').execute();
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.dropIndex('attempts_problem_idx').execute();
  await db.schema.dropIndex('attempts_created_idx').execute();
  await db.schema.dropTable('app_settings').execute();
  await db.schema.dropTable('price_configurations').execute();
}
