import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The demo's daily quota (problems per guest and Japanese day) was a map in each API process, so behind
// a balancer a guest got the quota once per instance (issue 8). It is counted here instead, shared by
// every instance. The day leads the key so that yesterday's rows are removed with an index range.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_usage')
    .addColumn('day', 'text', (c) => c.notNull())
    // sha256 of the client address: the quota needs a stable key, not the address itself.
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('demo_usage_pk', ['day', 'client_key'])
    .execute();
}
