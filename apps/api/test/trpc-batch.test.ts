import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { startTestServer } from './harness.js';
import { TEXT } from '@shunkan/config/texts';
import { MAX_TRPC_BATCH_CALLS } from '../src/server.js';

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('tRPC batches whose procedure names pass 100 characters', () => {
  it('answers the issue\'s 5 × practice.evaluate batch (not 414): each call answered, here 401 without a token', async () => {
    const paths = Array.from({ length: 5 }, () => 'practice.evaluate').join(',');
    expect(paths.length).toBeGreaterThan(80);
    const input = JSON.stringify(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [i, { problemId: 'toeic-001', answer: 'I think so.' }])));
    const response = await server.app.inject({ method: 'POST', url: `/api/trpc/${paths}?batch=1`, headers: { 'content-type': 'application/json' }, payload: input });
    expect(response.statusCode).toBe(401);
    const body = response.json() as Array<{ error?: { data?: { code?: string } } }>;
    expect(body).toHaveLength(5);
    expect(body.every((item) => item.error?.data?.code === 'UNAUTHORIZED')).toBe(true);
  });

  it('answers a 12-query batch (131 characters) with 12 results', async () => {
    const paths = Array.from({ length: 12 }, () => 'plans.list').join(',');
    const response = await server.app.inject({ method: 'GET', url: `/api/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<{ result?: unknown }>;
    expect(body).toHaveLength(12);
    expect(body.every((item) => item.result)).toBe(true);
  });

  it('routes a 20-query batch (a 419-character path) to the procedures: 20 answers, here 401 without a token', async () => {
    const paths = Array.from({ length: MAX_TRPC_BATCH_CALLS }, () => 'subscription.current').join(',');
    expect(paths.length).toBe(419);
    const response = await server.app.inject({ method: 'GET', url: `/api/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(response.statusCode).toBe(401);
    const body = response.json() as Array<{ error?: { data?: { code?: string } } }>;
    expect(body).toHaveLength(MAX_TRPC_BATCH_CALLS);
    expect(body.every((item) => item.error?.data?.code === 'UNAUTHORIZED')).toBe(true);
  });

  it('refuses a batch of more calls than the cap (one request to the rate limiter) with 400 and the Japanese text, running none of them', async () => {
    const calls = MAX_TRPC_BATCH_CALLS + 1;
    const paths = Array.from({ length: calls }, () => 'demo.evaluate').join(',');
    const input = JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { problemId: 'toeic-001', answer: 'I think so.' }])));
    const response = await server.app.inject({ method: 'POST', url: `/api/trpc/${paths}?batch=1`, headers: { 'content-type': 'application/json' }, payload: input });
    expect(response.statusCode).toBe(400);
    const text = response.body;
    expect(text).toContain(TEXT.invalidInput);
    expect(text).not.toMatch(/Batch call exceeds|stack/i);
    expect(text).not.toContain('"result"');
  });
});
