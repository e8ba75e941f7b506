import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * docs/decisions/095. The API keeps what grading reads of a problem (its row and the sentences accepted
 * on appeal) in memory per problem, under the version of the problem's row (`xmin`, which every update
 * of the row changes), and the grading read of every answer reads that version beside the learner's
 * rows. So a change of the sentences accepted on appeal must change the problem's row too:
 * `accepted_version` is moved by a trigger on every insert, update, delete or truncate of
 * `accepted_answers`, whoever writes (any API instance, SQL typed by hand).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table problems add column accepted_version integer not null default 0`.execute(db);
  await sql`
    create function problem_accepted_answers_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        update problems set accepted_version = accepted_version + 1;
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update problems set accepted_version = accepted_version + 1 where id = new.problem_id;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        update problems set accepted_version = accepted_version + 1 where id = old.problem_id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger accepted_answers_problem_version
    after insert or update or delete on accepted_answers
    for each row execute function problem_accepted_answers_changed()
  `.execute(db);
  await sql`
    create trigger accepted_answers_problem_version_truncate
    after truncate on accepted_answers
    for each statement execute function problem_accepted_answers_changed()
  `.execute(db);
}
