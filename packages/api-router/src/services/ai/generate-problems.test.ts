import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@shunkan/db/testing';
import type { DbHandle } from '@shunkan/db';
import { ZBankProblem } from '@shunkan/evaluator/bank';
import { googleErrorReply, jsonReply, startFakeGemini, type FakeGeminiServer } from './fake-gemini-server';
import { createGeminiProvider, type GeminiProvider } from './gemini';
import { generateAndStoreProblems } from './generate-problems';
import { insertProblemRow, SAMPLE_PROBLEM } from './test-fixtures';
import { AiProviderError } from './types';

let handle: DbHandle;
let server: FakeGeminiServer;
let ai: GeminiProvider;

const EXISTING = { ...SAMPLE_PROBLEM, id: 'toeic-001', level: 'toeic' as const, japanese: '会議は3時に始まります。' };

function item(japanese: string, overrides: Record<string, unknown> = {}) {
  return {
    japanese,
    answers: ['The meeting was postponed.', 'The meeting has been postponed.', 'They postponed the meeting.'],
    grammarPoint: '受動態',
    explanation: '「〜された」は be 動詞 + 過去分詞 の受動態で表します。',
    synonyms: [{ word: 'postponed', alternatives: ['put off', 'delayed'] }],
    similarPhrases: [
      { en: 'The event was canceled.', ja: 'イベントは中止されました。' },
      { en: 'The deadline was extended.', ja: '締め切りが延長されました。' },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertProblemRow(handle.db, EXISTING);
  server = await startFakeGemini();
  ai = createGeminiProvider({ apiKey: 'fake-key', model: 'gemini-2.5-flash', baseUrl: server.baseUrl, timeoutMs: 2000 }); // a deadline a loaded 2-core CI machine meets
});

afterAll(async () => {
  await server?.close();
  await handle?.close();
});

beforeEach(() => {
  server.requests.length = 0;
});

describe('generateAndStoreProblems', () => {
  it('stores the valid new problems with ai ids and source ai', async () => {
    server.setReply(
      jsonReply({
        problems: [
          item('会議は延期されました。'),
          // Same as an existing problem apart from spaces and 。.
          item('会議は 3時に 始まります'),
          item('会議は延期されました'),
          item('壊れた問題です。', { answers: ['Only one answer.'] }),
          item('新製品は来月発売されます。', {
            answers: ['The new product will be released next month.', 'The new product will go on sale next month.', 'The new product launches next month.'],
          }),
        ],
      }),
    );
    const stored = await generateAndStoreProblems({ db: handle.db, ai, level: 'toeic', count: 4 });

    expect(stored.map((p) => p.japanese)).toEqual(['会議は延期されました。', '新製品は来月発売されます。']);
    for (const problem of stored) {
      expect(problem.id).toMatch(/^toeic-ai-[0-9a-f]{12}$/);
      expect(problem.level).toBe('toeic');
      // Apart from the id, a generated problem satisfies the bank's contract.
      expect(ZBankProblem.omit({ id: true }).safeParse(problem).success).toBe(true);
    }
    expect(new Set(stored.map((p) => p.id)).size).toBe(2);

    // The provider was told what exists already.
    const body = server.requests[0]?.body as { contents: { parts: { text: string }[] }[] };
    expect(body.contents[0]?.parts[0]?.text).toContain(EXISTING.japanese);

    const rows = await handle.db.selectFrom('problems').selectAll().where('source', '=', 'ai').orderBy('japanese').execute();
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.japanese === '会議は延期されました。');
    expect(row).toMatchObject({
      level: 'toeic',
      grammar_point: '受動態',
      answers: item('').answers,
      synonyms: { postponed: ['put off', 'delayed'] },
      similar_phrases: item('').similarPhrases,
      is_active: true,
    });
  });

  it('stores nothing when every generated problem exists already', async () => {
    server.setReply(jsonReply({ problems: [item('会議は延期されました。'), item('会議は3時に始まります。')] }));
    const stored = await generateAndStoreProblems({ db: handle.db, ai, level: 'toeic', count: 2 });
    expect(stored).toEqual([]);
    const body = server.requests[0]?.body as { contents: { parts: { text: string }[] }[] };
    expect(body.contents[0]?.parts[0]?.text).toContain('新製品は来月発売されます。');
    const count = await handle.db.selectFrom('problems').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('treats other levels as separate', async () => {
    server.setReply(jsonReply({ problems: [item('会議は延期されました。')] }));
    const stored = await generateAndStoreProblems({ db: handle.db, ai, level: 'high-school', count: 1 });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toMatch(/^high-school-ai-[0-9a-f]{12}$/);
  });

  it('propagates provider failures as AiProviderError and stores nothing', async () => {
    server.setReply(googleErrorReply(503, 'UNAVAILABLE', 'overloaded'));
    const error = await generateAndStoreProblems({ db: handle.db, ai, level: 'middle-school', count: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toBe('server-error');
    const rows = await handle.db.selectFrom('problems').select('id').where('level', '=', 'middle-school').execute();
    expect(rows).toHaveLength(0);
  });
});
