import { randomBytes } from 'node:crypto';
import { TEXT } from '@shunkan/config/texts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { startTestServer } from './harness.js';

// Each call of a tRPC batch counts against the client's rate limit (decision 026), whether the
// counters live in this instance's memory or in Redis (shared by every instance).
const LIMIT = 10;
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('rate-limit-batch.test.ts: the Redis case is skipped (set REDIS_URL=redis://127.0.0.1:6379).');

/** A GET batch of `calls` public queries, from `ip`. */
function batch(server: ServerHandle, calls: number, ip: string) {
  const paths = Array.from({ length: calls }, () => 'plans.list').join(',');
  return server.app.inject({ method: 'GET', url: `/api/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`, remoteAddress: ip });
}

function single(server: ServerHandle, ip: string) {
  return server.app.inject({ method: 'GET', url: '/api/trpc/plans.list', remoteAddress: ip });
}

const stores = [
  { name: 'in memory', env: () => ({}) },
  { name: 'in Redis', env: () => ({ REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `shunkan-test:${randomBytes(6).toString('hex')}:` }), skip: !redisUrl },
];

describe.each(stores)('a tRPC batch against the rate limit, counters $name', ({ env, skip }) => {
  let server: ServerHandle;
  let prefix = '';
  beforeAll(async () => {
    if (skip) return;
    const extra: Record<string, string> = env();
    prefix = extra.REDIS_KEY_PREFIX ?? '';
    server = await startTestServer({ RATE_LIMIT_PER_MIN: String(LIMIT), ...extra });
  });
  afterAll(async () => {
    await server?.stop();
    if (prefix && redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it.skipIf(Boolean(skip))('counts every call of a batch, so a batch cannot run more calls than the limit allows', async () => {
    const ip = '198.51.100.1';
    const first = await batch(server, 8, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(8);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    // 8 + 3 calls pass the 10 a minute: the whole batch is refused and none of its calls runs.
    const second = await batch(server, 3, ip);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TEXT.tooManyRequests });
    expect(second.body).not.toContain('"result"');
    expect((await single(server, ip)).statusCode).toBe(429);
  });

  it.skipIf(Boolean(skip))('counts a single call once and a batch of one once', async () => {
    const ip = '198.51.100.2';
    for (let i = 0; i < LIMIT - 1; i++) expect((await single(server, ip)).statusCode).toBe(200);
    const last = await batch(server, 1, ip);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    expect((await single(server, ip)).statusCode).toBe(429);
  });

  it.skipIf(Boolean(skip))('counts the calls a batch over the 20-call cap names, although it runs none of them', async () => {
    const ip = '198.51.100.3';
    const tooLarge = await batch(server, 21, ip);
    expect(tooLarge.statusCode).toBe(429);
    expect(tooLarge.body).not.toContain('"result"');
    expect((await single(server, ip)).statusCode).toBe(429);
  });
});
