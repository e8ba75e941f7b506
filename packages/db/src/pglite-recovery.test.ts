import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, isDatabaseUnavailable, type DbHandle } from './index.js';
import { REOPEN_RETRY_MS } from './pglite-recovery.js';
import { failWritesUnder } from './testing.js';

// Decision 081: PGlite on a data directory after PostgreSQL's PANIC (a WAL write failing on a full disk).
describe('PGlite on a data directory whose disk fills up', () => {
  let handle: DbHandle | undefined;
  afterAll(async () => {
    await handle?.close();
  });

  it('fails statements at once while the disk is full and reopens with every committed row once there is room', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shunkan-pglite-full-'));
    handle = await createDatabase({ dataDir: dir });
    const { db } = handle;
    await sql`create table notes (id serial primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values ('kept')`.execute(db);

    const disk = failWritesUnder(dir);
    try {
      const panic = await sql`insert into notes (body) values ('lost')`.execute(db).catch((error: unknown) => error);
      expect(panic).toMatchObject({ severity: 'PANIC' });
      expect(isDatabaseUnavailable(panic)).toBe(true);
      // Before decision 081 this statement spun inside WebAssembly and the thread never came back.
      const started = Date.now();
      for (let i = 0; i < 3; i++) {
        const refused = await sql`select 1`.execute(db).catch((error: unknown) => error);
        expect(refused).toMatchObject({ code: '57P03' });
        expect(isDatabaseUnavailable(refused)).toBe(true);
      }
      expect(Date.now() - started).toBeLessThan(REOPEN_RETRY_MS * 5);
    } finally {
      disk.restore();
    }
    expect(disk.failed()).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, REOPEN_RETRY_MS));
    const { rows } = await sql<{ body: string }>`select body from notes order by id`.execute(db);
    expect(rows).toEqual([{ body: 'kept' }]);
    await sql`insert into notes (body) values ('after')`.execute(db);
    expect((await sql<{ n: number }>`select count(*)::int as n from notes`.execute(db)).rows).toEqual([{ n: 2 }]);
  }, 120_000);
});
