import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiProvider, type GeminiProvider } from './gemini';
import { googleErrorReply, jsonReply, startFakeGemini, textReply, type FakeGeminiServer } from './fake-gemini-server';
import { AI_EVALUATION, SAMPLE_PROBLEM } from './test-fixtures';
import { AiProviderError, type AiFailureReason } from './types';

const API_KEY = 'fake-test-key-123';
const MODEL = 'gemini-2.5-flash';
// Replies that arrive get a generous deadline (the first call also loads the SDK's lazy modules,
// slow on a busy 2-core machine); only the hang test uses the short one.
const TIMEOUT_MS = 5000;
const SHORT_TIMEOUT_MS = 400;

let server: FakeGeminiServer;
let provider: GeminiProvider;

beforeAll(async () => {
  server = await startFakeGemini();
  provider = createGeminiProvider({ apiKey: API_KEY, model: MODEL, baseUrl: server.baseUrl, timeoutMs: TIMEOUT_MS });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

/** The text part the SDK sent, as JSON (the prompt is "Grade this answer.\n{...}"). */
function sentPayload(): Record<string, unknown> {
  const body = server.requests[0]?.body as { contents: { parts: { text: string }[] }[] };
  const text = body.contents[0]?.parts[0]?.text ?? '';
  return JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>;
}

describe('gemini evaluate', () => {
  it('returns the validated evaluation and sends the answer, the accepted answers and the key', async () => {
    server.setReply(jsonReply(AI_EVALUATION));
    const evaluation = await provider.evaluate(SAMPLE_PROBLEM, 'I live here for three years.');
    expect(evaluation).toEqual(AI_EVALUATION);

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1/models/${MODEL}:generateContent`);
    expect(request.headers['x-goog-api-key']).toBe(API_KEY);

    const payload = sentPayload();
    expect(payload.learnerAnswer).toBe('I live here for three years.');
    expect(payload.acceptedAnswers).toEqual(SAMPLE_PROBLEM.answers);
    expect(payload.japanese).toBe(SAMPLE_PROBLEM.japanese);
    expect(payload.grammarPoint).toBe(SAMPLE_PROBLEM.grammarPoint);

    const body = request.body as {
      systemInstruction?: { parts: { text: string }[] };
      generationConfig: { temperature: number; responseMimeType: string; responseSchema: unknown; thinkingConfig?: unknown };
    };
    expect(body.generationConfig.temperature).toBe(0);
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    expect(body.generationConfig.responseSchema).toBeTruthy();
    expect(body.generationConfig.thinkingConfig).toEqual({ thinkingBudget: 0 });
    expect(body.systemInstruction?.parts[0]?.text).toContain('Japanese');
  });

  it('replaces a wrong error label with the canonical Japanese one and accepts a fenced reply', async () => {
    const firstError = AI_EVALUATION.errors[0]!;
    const reply = { ...AI_EVALUATION, errors: [{ ...firstError, label: 'tense' }] };
    server.setReply(textReply('```json\n' + JSON.stringify(reply) + '\n```'));
    const evaluation = await provider.evaluate(SAMPLE_PROBLEM, 'I live here for three years.');
    expect(evaluation.errors[0]?.label).toBe('時制');
  });

  it('reports malformed JSON as invalid-response', async () => {
    server.setReply(textReply('{"rating": 3, "modelAnswer": "I have lived'));
    const error = await failureOf(provider.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe('invalid-response');
  });

  it('reports JSON of the wrong shape as invalid-response', async () => {
    server.setReply(jsonReply({ ...AI_EVALUATION, rating: 7, feedback: undefined }));
    const error = await failureOf(provider.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe('invalid-response');
    expect(error.message).toMatch(/rating|feedback/);
  });

  it('reports an answer without candidates as invalid-response', async () => {
    server.setReply({ status: 200, json: { candidates: [], promptFeedback: { blockReason: 'SAFETY' } } });
    const error = await failureOf(provider.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe('invalid-response');
    expect(error.message).toContain('SAFETY');
  });

  it('reports a 200 whose body is not JSON as invalid-response', async () => {
    server.setReply({ status: 200, raw: '<html>proxy error</html>', contentType: 'text/html' });
    const error = await failureOf(provider.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe('invalid-response');
  });

  it('gives up at the deadline when the server never answers', async () => {
    server.setReply({ hang: true });
    const impatient = createGeminiProvider({ apiKey: API_KEY, model: MODEL, baseUrl: server.baseUrl, timeoutMs: SHORT_TIMEOUT_MS });
    const started = Date.now();
    const error = await failureOf(impatient.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe('timeout');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(SHORT_TIMEOUT_MS + 2000);
  });

  it.each<[number, string, AiFailureReason]>([
    [429, 'RESOURCE_EXHAUSTED', 'rate-limited'],
    [500, 'INTERNAL', 'server-error'],
    [503, 'UNAVAILABLE', 'server-error'],
    [504, 'DEADLINE_EXCEEDED', 'timeout'],
    [403, 'PERMISSION_DENIED', 'rejected'],
    [404, 'NOT_FOUND', 'rejected'],
  ])('maps HTTP %i to %s without retrying', async (status, statusName, reason) => {
    server.setReply(googleErrorReply(status, statusName, `simulated ${statusName}`));
    const error = await failureOf(provider.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe(reason);
    expect(error.status).toBe(status);
    expect(error.message).toContain(statusName);
    expect(server.requests).toHaveLength(1);
  });

  it('reports an unreachable server as network', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const offline = createGeminiProvider({ apiKey: API_KEY, model: MODEL, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    const error = await failureOf(offline.evaluate(SAMPLE_PROBLEM, 'I live here.'));
    expect(error.reason).toBe('network');
  });

  it('talks v1beta when asked to', async () => {
    const beta = createGeminiProvider({
      apiKey: API_KEY,
      model: 'gemini-2.5-pro',
      baseUrl: server.baseUrl,
      timeoutMs: TIMEOUT_MS,
      apiVersion: 'v1beta',
    });
    server.setReply(jsonReply(AI_EVALUATION));
    await beta.evaluate(SAMPLE_PROBLEM, 'I live here for three years.');
    expect(server.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    // Thinking stays at the model's default for models other than 2.5 Flash.
    const body = server.requests[0]?.body as { generationConfig: Record<string, unknown> };
    expect(body.generationConfig.thinkingConfig).toBeUndefined();
  });
});

function generatedItem(japanese: string, overrides: Record<string, unknown> = {}) {
  return {
    japanese,
    answers: ['I will send you the report tomorrow.', "I'll send you the report tomorrow.", 'I will send the report to you tomorrow.'],
    grammarPoint: '未来表現（will）',
    explanation: '「〜します」という意志は will + 動詞の原形 で表します。',
    synonyms: [{ word: 'send', alternatives: ['email', 'send'] }],
    similarPhrases: [
      { en: 'I will call you later.', ja: '後で電話します。' },
      { en: 'I will let you know.', ja: 'お知らせします。' },
    ],
    ...overrides,
  };
}

describe('gemini generateProblems', () => {
  it('keeps valid, new, distinct problems of the requested level', async () => {
    server.setReply(
      jsonReply({
        problems: [
          generatedItem('明日、報告書を送ります。'),
          // Already exists (different spacing and no 。).
          generatedItem(' 会議は 3時に始まります '),
          // Duplicate within the reply.
          generatedItem('明日、報告書を送ります'),
          // Invalid: only two answers.
          generatedItem('請求書を確認してください。', { answers: ['Please check the invoice.', 'Please review the invoice.'] }),
          // Invalid: no similar phrases.
          generatedItem('会議室を予約しました。', { similarPhrases: [] }),
          generatedItem('新しいプロジェクトを担当しています。', {
            answers: ['I am in charge of the new project.', "I'm responsible for the new project.", 'I am handling the new project.'],
          }),
        ],
      }),
    );
    const drafts = await provider.generateProblems({ level: 'toeic', count: 5, avoidJapanese: ['会議は3時に始まります。'] });
    expect(drafts.map((d) => d.japanese)).toEqual(['明日、報告書を送ります。', '新しいプロジェクトを担当しています。']);
    expect(drafts.every((d) => d.level === 'toeic')).toBe(true);
    expect(drafts[0]?.synonyms).toEqual({ send: ['email'] });
    expect(drafts[0]?.similarPhrases).toHaveLength(2);

    const body = server.requests[0]?.body as { contents: { parts: { text: string }[] }[]; generationConfig: { temperature: number } };
    const prompt = body.contents[0]?.parts[0]?.text ?? '';
    expect(prompt).toContain('5 new problems');
    expect(prompt).toContain('会議は3時に始まります。');
    expect(prompt).toContain('TOEIC');
  });

  it('returns at most count problems', async () => {
    server.setReply(jsonReply({ problems: [generatedItem('一つ目の文です。'), generatedItem('二つ目の文です。'), generatedItem('三つ目の文です。')] }));
    const drafts = await provider.generateProblems({ level: 'basic-verbs', count: 2, avoidJapanese: [] });
    expect(drafts).toHaveLength(2);
  });

  it('treats a reply with no valid problem as invalid-response', async () => {
    server.setReply(jsonReply({ problems: [{ japanese: '文' }, { nothing: true }] }));
    const error = await failureOf(provider.generateProblems({ level: 'high-school', count: 2, avoidJapanese: [] }));
    expect(error.reason).toBe('invalid-response');
  });

  it('treats a reply without a problems list as invalid-response', async () => {
    server.setReply(jsonReply({ items: 'none' }));
    const error = await failureOf(provider.generateProblems({ level: 'high-school', count: 2, avoidJapanese: [] }));
    expect(error.reason).toBe('invalid-response');
  });

  it('maps a 429 during generation to rate-limited', async () => {
    server.setReply(googleErrorReply(429, 'RESOURCE_EXHAUSTED', 'quota'));
    const error = await failureOf(provider.generateProblems({ level: 'toeic', count: 2, avoidJapanese: [] }));
    expect(error.reason).toBe('rate-limited');
    expect(server.requests).toHaveLength(1);
  });
});
