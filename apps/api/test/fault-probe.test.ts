import net from 'node:net';
import { TEXT } from '@shunkan/config/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { signUp, startTestServer } from './harness.js';

/**
 * The second security and fault probe, as tests (decision 045): requests trickled in over the wire,
 * requests Node's parser refuses before Fastify sees them, a rate-limit store (Redis) that is away,
 * and the grader's worker thread dying under an answer.
 */

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const ENGLISH_DEFAULTS = /Client Error|Client Timeout|Exceeded maximum|"statusCode"/;

/** Sends `head` on a raw connection, then `trickle` one byte a `everyMs` until the server answers; the raw answer. */
function rawRequest(address: string, head: string, options: { trickle?: string; everyMs?: number; giveUpMs?: number } = {}) {
  const url = new URL(address);
  return new Promise<{ text: string; ms: number; closed: boolean }>((resolve) => {
    const started = Date.now();
    let text = '';
    let left = options.trickle ?? '';
    let timer: ReturnType<typeof setInterval> | undefined;
    // The trickle starts once the head is written (the server's own start-up work may delay the connection).
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      if (!options.trickle) return;
      timer = setInterval(() => {
        if (left === '' || socket.destroyed) return;
        socket.write(left[0] ?? '');
        left = left.slice(1);
      }, options.everyMs ?? 200);
    });
    const giveUp = setTimeout(() => finish(false), options.giveUpMs ?? 10_000);
    function finish(closed: boolean) {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, ms: Date.now() - started, closed });
    }
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

function bodyOf(raw: string): { code?: string; message?: string } {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { code?: string; message?: string };
}

describe('requests over the wire', () => {
  let server: ServerHandle;
  let address: string;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_TIMEOUT_MS: '1500' });
    address = await server.start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a body trickled a byte at a time 408 in Japanese once REQUEST_TIMEOUT_MS has passed, and closes the connection', async () => {
    // Before: no deadline at all (Fastify's default); the probe held its connection for 100 s and more.
    const head = 'POST /api/trpc/demo.evaluate HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n';
    const slow = await rawRequest(address, head, { trickle: '{'.repeat(1000), everyMs: 200, giveUpMs: 10_000 });
    expect(slow.closed).toBe(true);
    expect(slow.ms).toBeLessThan(6_000);
    expect(slow.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.text).toMatch(/content-security-policy: /i);
    expect(slow.text).toMatch(/x-content-type-options: nosniff/i);
    expect(slow.text).not.toMatch(ENGLISH_DEFAULTS);
    expect(bodyOf(slow.text)).toEqual({ code: 'TIMEOUT', message: TEXT.requestTimeout });
    // Headers trickled a line at a time meet the same deadline.
    const slowHead = await rawRequest(address, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', { trickle: 'x-a: b\r\n'.repeat(200), everyMs: 50, giveUpMs: 10_000 });
    expect(slowHead.closed).toBe(true);
    expect(slowHead.text).toMatch(/^HTTP\/1\.1 408 /);
    // Everyone else is served meanwhile and after.
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
  }, 30_000);

  it('answers requests the HTTP parser refuses (bad header, smuggling-shaped, headers over 16 KB, garbage) in Japanese with the protective headers', async () => {
    const cases: Array<[string, number]> = [
      ['GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad Header: 1\r\n\r\n', 400],
      ['POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n', 400],
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['GARBAGE\r\n\r\n', 400],
    ];
    for (const [head, status] of cases) {
      const answer = await rawRequest(address, head);
      expect(answer.text, head.slice(0, 60)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer.text).toMatch(/content-security-policy: /i);
      expect(answer.text).toMatch(/content-type: application\/json; charset=utf-8/i);
      expect(answer.text).not.toMatch(ENGLISH_DEFAULTS);
      const body = bodyOf(answer.text);
      expect(body.message).toBe(TEXT.invalidInput);
      // Content-Length counts bytes (the message is Japanese): the body arrived whole.
      const length = Number(/content-length: (\d+)/i.exec(answer.text)?.[1]);
      expect(length).toBe(Buffer.byteLength(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)));
    }
  }, 30_000);
});

describe('the rate limit store (Redis) is away', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    // Nothing listens on port 1: Redis is "down" for the whole test, ioredis reconnecting with back-off.
    server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MIN: '5' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves requests without delay, counted in memory (decision 066), instead of holding each in ioredis’s offline queue', async () => {
    // Before: each request waited for ioredis's next reconnection attempt (its back-off grows to 2 s),
    // so every API request took up to 2 s for as long as Redis was down.
    const address = await server.start();
    // Timed once the evaluator's start-up work (on this thread in tests) is done, Redis down for seconds by then.
    await server.evaluatorReady;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${address}/api/trpc/plans.list`);
      statuses.push(response.status);
      await response.text();
    }
    // The limit (5 a minute here) still holds, counted by this instance (decision 045 let all through).
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    // Before: 11.5 s for these ten on a loaded machine (load 18); after: 0.6 s.
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 30_000);
});

describe('the evaluator worker dies under an answer', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(
      { EVALUATOR_WORKER: 'true' },
      { evaluatorWorkerUrl: new URL('../../../packages/evaluator/src/evaluator/worker-crash.fixture.ts', import.meta.url) },
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers that answer 503 in Japanese on both doors, stores nothing, and grades the next answer', async () => {
    const learner = await signUp();
    const headers = { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' };
    const post = (url: string, body: unknown) => server.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    expect((await post('/api/start-trial', {})).statusCode).toBe(200);
    const problem = await post('/api/trpc/practice.nextProblem', { difficultyLevel: 'toeic' });
    expect(problem.statusCode, problem.body).toBe(200);
    const { problemId, japaneseSentence } = (problem.json() as { result: { data: { problemId: string; japaneseSentence: string } } }).result.data;

    // Before: 500 「サーバーでエラーが発生しました…」, as for a defect.
    const lostTrpc = await post('/api/trpc/practice.evaluate', { problemId, answer: 'crash the worker' });
    expect(lostTrpc.statusCode).toBe(503);
    expect((lostTrpc.json() as { error: { message: string } }).error.message).toBe(TEXT.serviceUnavailable);
    const lostRest = await post('/api/evaluate-with-claude', { japaneseSentence, userTranslation: 'crash the worker', difficultyLevel: 'toeic' });
    expect(lostRest.statusCode).toBe(503);
    expect(lostRest.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });
    expect(lostRest.body).toMatch(JAPANESE);

    // A new worker took over: the learner's retry is graded, and only it is in the history.
    const graded = await post('/api/trpc/practice.evaluate', { problemId, answer: 'This is my answer.' });
    expect(graded.statusCode, graded.body).toBe(200);
    const history = await server.app.inject({ method: 'GET', url: '/api/recent-sessions', headers });
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain('crash the worker');
    expect(history.body).toContain('This is my answer.');
  }, 120_000);
});
