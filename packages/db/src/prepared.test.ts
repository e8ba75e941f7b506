import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './index.js';
import { protocol } from '@electric-sql/pglite';
import { bindAndExecute, preparedPGlite } from './prepared.js';
import { createTestDatabase } from './testing.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table prepared_probe (id int primary key, at timestamptz, doc jsonb, flag boolean, tags text[], note text)`.execute(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

type Probe = { id: number; at: Date | null; doc: unknown; flag: boolean | null; tags: string[] | null; note: string | null };

describe('bindAndExecute', () => {
  it("is pg-protocol's Bind, Execute and Sync, with the parameter formats as 'all text' (0 codes)", () => {
    const { serialize } = protocol;
    for (const values of [[], ['1'], ['日本語の文', null, '', 'a'.repeat(300), '{"a":[1,"x"]}']]) {
      const reference = [serialize.bind({ statement: 'k7', values }), serialize.execute({}), serialize.sync()];
      // pg-protocol writes one format code (0, text) per parameter; the protocol reads "no codes" as all text.
      const bind = Buffer.from(reference[0]!);
      const codesAt = 1 + 4 + 1 + 'k7'.length + 1;
      const withoutCodes = Buffer.concat([bind.subarray(0, codesAt), Buffer.from([0, 0]), bind.subarray(codesAt + 2 + 2 * values.length)]);
      withoutCodes.writeInt32BE(withoutCodes.length - 1, 1);
      expect(bind.readInt16BE(codesAt)).toBe(values.length);
      const expected = Buffer.concat([withoutCodes, ...reference.slice(1).map((m) => Buffer.from(m))]);
      expect(Buffer.from(bindAndExecute('k7', values))).toEqual(expected);
    }
  });
});

describe(`prepared statements (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('answers a statement the same on its first run (prepared) and its later runs (bound only), every parameter type', async () => {
    const at = new Date('2026-11-24T10:11:12.345Z');
    const insert = (id: number, note: string | null) =>
      sql`insert into prepared_probe (id, at, doc, flag, tags, note) values (${id}, ${at}, ${JSON.stringify({ a: [1, 'x'] })}, ${id % 2 === 0}, ${['a', 'b,c']}, ${note}) returning id`.execute(
        handle.db,
      );
    for (let id = 1; id <= 8; id++) expect((await insert(id, id === 3 ? null : `n${id}`)).rows).toEqual([{ id }]);
    const results: Probe[][] = [];
    for (let run = 0; run < 8; run++) {
      const { rows } = await sql<Probe>`select * from prepared_probe where id = any(${[2, 3]}::int[]) and at <= ${new Date()} order by id`.execute(handle.db);
      results.push(rows);
    }
    expect(results[0]).toEqual([
      { id: 2, at, doc: { a: [1, 'x'] }, flag: true, tags: ['a', 'b,c'], note: 'n2' },
      { id: 3, at, doc: { a: [1, 'x'] }, flag: false, tags: ['a', 'b,c'], note: null },
    ]);
    for (const rows of results) expect(rows).toEqual(results[0]);
    const updated = await handle.db.updateTable('prepared_probe' as never).set({ note: 'changed' } as never).where('id' as never, '<', 3 as never).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it('keeps the SQLSTATE of a failing statement, run after run', async () => {
    for (let run = 0; run < 3; run++) {
      await expect(sql`insert into prepared_probe (id) values (${1})`.execute(handle.db)).rejects.toMatchObject({ code: '23505' });
    }
  });

  it('answers with the new shape after a table a prepared statement reads changes', async () => {
    await sql`create table prepared_shape (id int primary key)`.execute(handle.db);
    await sql`insert into prepared_shape values (1)`.execute(handle.db);
    const read = () => sql<Record<string, unknown>>`select * from prepared_shape where id = ${1}`.execute(handle.db);
    for (let run = 0; run < 3; run++) expect((await read()).rows).toEqual([{ id: 1 }]);
    await sql`alter table prepared_shape add column label text not null default 'x'`.execute(handle.db);
    expect((await read()).rows).toEqual([{ id: 1, label: 'x' }]);
    expect((await read()).rows).toEqual([{ id: 1, label: 'x' }]);
  });

  it('reads its own writes in a transaction and discards them on rollback', async () => {
    const insert = (db: typeof handle.db, id: number) => sql`insert into prepared_probe (id, note) values (${id}, ${'tx'})`.execute(db);
    const count = async (db: typeof handle.db) => (await sql<{ n: number }>`select count(*)::int as n from prepared_probe where note = ${'tx'}`.execute(db)).rows[0]?.n;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insert(trx, 100);
        await insert(trx, 101);
        expect(await count(trx)).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count(handle.db)).toBe(0);
    await handle.db.transaction().execute(async (trx) => {
      await insert(trx, 100);
    });
    expect(await count(handle.db)).toBe(1);
  });
});

describe('prepared statements on PGlite beyond the cap', () => {
  it('closes the least recently used statement and still answers every text', async () => {
    const pglite = await PGlite.create();
    const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect({ pglite: preparedPGlite(pglite, { maxPrepared: 3 }) }) });
    try {
      for (let round = 0; round < 3; round++) {
        for (let n = 0; n < 6; n++) {
          // Six different texts (the column alias differs), more than the three kept prepared.
          const { rows } = await sql<Record<string, number>>`select ${n}::int + ${round}::int as ${sql.ref(`v${n}`)}`.execute(db);
          expect(rows).toEqual([{ [`v${n}`]: n + round }]);
        }
      }
      const prepared = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
      expect(prepared.rows[0]?.n).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});
