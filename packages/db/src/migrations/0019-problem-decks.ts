import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * The next problem is dealt from a per-learner, per-level round (decision 036): `problem_decks` holds
 * the problems of the learner's current round of a level not served yet, each at a random position;
 * serving takes the lowest position (an index probe), and an empty deck is dealt again from the
 * level's active problems. It replaces the per-problem tally `problem_serve_counts`, which made every
 * serve probe all ~210 problems of the level; nothing else read the tally.
 *
 * Existing learners keep their place: each level a learner was served from gets a deck of the active
 * problems served least often so far (the rest of the round the tally was in); when that is every
 * problem of the level (a round just ended), the learner's last five of the level go last, oldest
 * first, as a new round deals them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('problem_decks')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'text', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_decks_pk', ['user_id', 'problem_id'])
    .execute();
  await db.schema.createIndex('problem_decks_next_idx').on('problem_decks').columns(['user_id', 'level', 'position']).execute();
  await sql`
    with learner_levels as (
      select distinct user_id, level from problem_serves
    ),
    tally as (
      select l.user_id, p.level, p.id, coalesce(c.times, 0) as times,
        min(coalesce(c.times, 0)) over (partition by l.user_id, p.level) as least,
        max(coalesce(c.times, 0)) over (partition by l.user_id, p.level) as most
      from learner_levels l
      join problems p on p.level = l.level and p.is_active
      left join problem_serve_counts c on c.user_id = l.user_id and c.problem_id = p.id
    ),
    recent as (
      select user_id, level, problem_id, min(rn) as rn from (
        select s.user_id, s.level, s.problem_id,
          row_number() over (partition by s.user_id, s.level order by s.served_at desc, s.id desc) as rn
        from problem_serves s
      ) ranked
      where rn <= 5
      group by user_id, level, problem_id
    )
    insert into problem_decks (user_id, problem_id, level, position)
    select t.user_id, t.id, t.level,
      case when t.least = t.most and r.rn is not null then 1 + 5 - r.rn else random() end
    from tally t
    left join recent r on r.user_id = t.user_id and r.level = t.level and r.problem_id = t.id
    where t.times = t.least
  `.execute(db);
  await db.schema.dropTable('problem_serve_counts').execute();
}
