import type { Kysely } from 'kysely';

/**
 * Problems edited from the admin dashboard (issue 10): the bank seeding at start-up leaves a row with
 * `admin_edited_at` alone, so an admin's edit of a bundled problem survives restarts and upgrades.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problems').addColumn('admin_edited_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problems').dropColumn('admin_edited_at').execute();
}
