import type { DbHandle } from '@shunkan/db';
import { EXPORT_BATCH_SIZE } from '@shunkan/db/exports';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOM, csvField, csvRecord, exportCsv, exportFileNameFor } from '../src/domain/admin/csv-export.js';
import { seedProblemBank } from '../src/services/problem-bank/index.js';
import { openTestDb, seedUser } from './helpers.js';

/** Records the largest result the database handed over in one query: what an export holds at once. */
class LargestResult implements KyselyPlugin {
  largest = 0;
  queries = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.queries += 1;
    this.largest = Math.max(this.largest, args.result.rows.length);
    return args.result;
  }
}

/** Splits RFC 4180 CSV text into records of fields (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  return records;
}

describe('CSV encoding (RFC 4180)', () => {
  it('quotes commas, quotes and newlines, keeps Japanese as is, ends records with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('日本語、です')).toBe('日本語、です');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25 00:30:00');
    expect(csvRecord(['a', 1, true, null])).toBe('a,1,true,\r\n');
  });

  it('keeps text that starts like a formula as text (CSV injection), numbers as numbers', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('=1+1@example.com')).toBe("'=1+1@example.com");
    expect(csvField('+81 3 1234')).toBe("'+81 3 1234");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('＝１＋１')).toBe("'＝１＋１");
    expect(csvField('I think so.')).toBe('I think so.');
    expect(csvField(-5)).toBe('-5');
  });

  it('names the file by the JST date', () => {
    expect(exportFileNameFor('users', new Date('2026-11-24T14:59:59Z'))).toBe('users-export-2026-11-24.csv');
    expect(exportFileNameFor('sessions', new Date('2026-11-24T15:00:00Z'))).toBe('sessions-export-2026-11-25.csv');
  });
});

describe('CSV export from the database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb();
    await seedProblemBank(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('exports sessions with BOM, header, Japanese and awkward answers intact', async () => {
    const user = await seedUser(handle.db);
    await handle.db
      .insertInto('attempts')
      .values({
        user_id: user.id,
        problem_id: 'toeic-001',
        level: 'toeic',
        answer: 'He said, "yes"\nand left',
        normalized_answer: 'x',
        rating: 3,
        model_answer: 'Model, answer',
        feedback: '冠詞が抜けています。「the」を付けましょう',
        errors: '[]',
        similar_phrases: '[]',
        provider: 'builtin',
        day: '2026-11-24',
      })
      .execute();
    let text = '';
    for await (const chunk of exportCsv(handle.db, 'sessions')) text += chunk;
    expect(text.startsWith(BOM)).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records[0]?.[0]).toBe('回答ID');
    const row = records.find((r) => r[2] === user.email);
    expect(row?.[6]).toBe('He said, "yes"\nand left');
    expect(row?.[8]).toBe('Model, answer');
    expect(row?.[9]).toBe('冠詞が抜けています。「the」を付けましょう');
    const problem = await handle.db.selectFrom('problems').select('japanese').where('id', '=', 'toeic-001').executeTakeFirstOrThrow();
    expect(row?.[5]).toBe(problem.japanese);
  });

  it('streams 100,000 sessions in bounded batches (never the whole table in memory)', async () => {
    const user = await seedUser(handle.db);
    await sql`
      insert into attempts (user_id, problem_id, level, answer, normalized_answer, rating, model_answer, feedback, provider, created_at, day)
      select ${user.id}::uuid, 'toeic-002', 'toeic', 'answer ' || g, 'answer', 1 + (g % 5), 'model', 'フィードバック, ' || g, 'builtin', now() - (g || ' seconds')::interval, '2026-11-24'
      from generate_series(1, 100000) as g`.execute(handle.db);
    const probe = new LargestResult();
    const db = handle.db.withPlugin(probe);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of exportCsv(db, 'sessions')) {
      lines += (chunk.match(/\r\n/g) ?? []).length;
      bytes += Buffer.byteLength(chunk);
    }
    const stored = await handle.db.selectFrom('attempts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThanOrEqual(100_000);
    // The header, then one record per stored session.
    expect(lines).toBe(1 + Number(stored.n));
    expect(probe.largest).toBeLessThanOrEqual(EXPORT_BATCH_SIZE);
    expect(probe.queries).toBeGreaterThanOrEqual(100);
    // The file is about 20 MB; what the export holds at once is one batch of rows, measured above
    // deterministically at the database boundary (heap figures depend on the garbage collector).
    expect(bytes).toBeGreaterThan(5_000_000);
  }, 120_000);
});
