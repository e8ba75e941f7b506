import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { TEXT } from '@shunkan/config/texts';
import { createTestDatabase } from '@shunkan/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';
import { createServer, type ServerHandle } from '../src/server.js';

type Operation = { security?: unknown[]; requestBody?: unknown; parameters?: { name: string; in: string }[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

// The /api paths spec section 7 documents (the learning-record reads and the admin paths included).
const SPEC_PATHS: [string, string][] = [
  ['post', '/api/problem'],
  ['post', '/api/evaluate-with-claude'],
  ['get', '/api/user-subscription'],
  ['get', '/api/subscription-plans'],
  ['post', '/api/create-checkout-session'],
  ['post', '/api/create-customer-portal'],
  ['post', '/api/upgrade-subscription'],
  ['get', '/api/monthly-stats'],
  ['get', '/api/streak'],
  ['get', '/api/difficulty-stats'],
  ['get', '/api/recent-sessions'],
  ['get', '/api/bookmarked-sessions'],
  ['get', '/api/daily-count-removed'],
  ['get', '/api/custom-scenarios'],
  ['post', '/api/custom-scenarios'],
  ['put', '/api/custom-scenarios/{id}'],
  ['delete', '/api/custom-scenarios/{id}'],
  ['post', '/api/create-payment-intent'],
  ['post', '/api/stripe/price-info'],
  ['get', '/api/stripe-prices'],
  ['get', '/api/stripe/prices'],
  ['post', '/api/plan-configuration'],
  ['post', '/api/save-price-configuration'],
  ['get', '/api/progress-report'],
  ['get', '/api/health'],
  ['get', '/api/admin/stats'],
  ['get', '/api/admin/users'],
  ['get', '/api/admin/analytics'],
  ['get', '/api/admin/payments'],
  ['get', '/api/admin/content'],
  ['put', '/api/admin/users/{userId}/subscription'],
  ['get', '/api/admin/export/{kind}'],
  ['post', '/api/emergency-reset'],
  ['post', '/api/stripe/webhook'],
];

const EXAMPLE_PARAMS: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000', userId: 'someone', kind: 'users', path: 'auth.me' };

let server: ServerHandle;
let document: Document;

beforeAll(async () => {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-openapi-')),
    FIREBASE_PROJECT_ID: 'demo-shunkan-test',
    // No request here carries a token, so the Auth emulator is never called.
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MIN: '1000',
  });
  server = await createServer(env, { database });
  const originalStop = server.stop;
  server.stop = async () => {
    await originalStop();
    await database.close();
  };
  const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('public');
  document = response.json<Document>();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function documented(): [string, string][] {
  return Object.entries(document.paths).flatMap(([p, operations]) => Object.keys(operations).map((method): [string, string] => [method, p]));
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route registered under /api, and nothing that is not registered', () => {
    const registered = server.routes
      .filter((route) => route.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(route.method))
      // The tRPC plugin registers every method on its path; tRPC itself only answers GET and POST.
      .filter((route) => !route.url.startsWith('/api/trpc/') || ['GET', 'POST'].includes(route.method))
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    const listed = documented().map(([method, p]) => `${method} ${p}`);
    expect(registered.length).toBeGreaterThan(40);
    expect([...new Set(listed)].sort()).toEqual([...new Set(registered)].sort());
  });

  it('covers every /api path of spec section 7', () => {
    const listed = new Set(documented().map(([method, p]) => `${method} ${p}`));
    expect(SPEC_PATHS.filter(([method, p]) => !listed.has(`${method} ${p}`))).toEqual([]);
  });

  it('documents request bodies and query parameters from the procedures\' zod schemas', () => {
    const evaluate = document.paths['/api/evaluate-with-claude']?.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(evaluate.requestBody.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['japaneseSentence', 'userTranslation', 'difficultyLevel']),
    );
    const users = document.paths['/api/admin/users']?.get;
    expect(users?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:search', 'query:page']));
    const put = document.paths['/api/custom-scenarios/{id}']?.put;
    expect(put?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
  });

  it('every path marked with bearer security refuses a request without a token (401, Japanese message)', async () => {
    const protectedOps = documented().filter(([method, p]) => (document.paths[p]?.[method]?.security ?? []).length > 0);
    expect(protectedOps.length).toBeGreaterThan(30);
    for (const [method, p] of protectedOps) {
      const url = p.replace(/\{(\w+)\}/g, (_m, name: string) => EXAMPLE_PARAMS[name] ?? 'x');
      const response = await server.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(method === 'get' ? {} : { payload: {} }),
      });
      expect({ op: `${method} ${p}`, status: response.statusCode }).toEqual({ op: `${method} ${p}`, status: 401 });
      expect(response.json<{ message: string }>().message).toBe(TEXT.unauthorized);
    }
  });

  it('paths documented as public answer without a token', async () => {
    for (const p of ['/api/health', '/api/subscription-plans', '/api/public-config']) {
      expect(document.paths[p]?.get?.security).toEqual([]);
      const response = await server.app.inject({ method: 'GET', url: p });
      // /api/health answers 503 (documented) here: no Auth emulator runs for this file.
      expect(Object.keys((document.paths[p]?.get as { responses: object }).responses), p).toContain(String(response.statusCode));
      expect(response.statusCode, p).not.toBe(401);
    }
  });
});
