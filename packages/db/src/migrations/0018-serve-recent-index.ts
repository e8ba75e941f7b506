import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * The next-problem statement reads a learner's last five serves of a level `order by served_at desc,
 * id desc limit 5`. The index on (user_id, level, served_at) could not give that order (the `id`
 * tie-break is not in it), so every request read ALL the learner's serves of the level and sorted them:
 * the cost grew with history (276 rows for 1,100 serves; thousands for a learner of a year). With `id`
 * in the index the scan stops after five entries. It replaces the old index (a prefix of it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('problem_serves_user_level_recent_idx').on('problem_serves').columns(['user_id', 'level', 'served_at', 'id']).execute();
  await db.schema.dropIndex('problem_serves_user_level_idx').execute();
}
