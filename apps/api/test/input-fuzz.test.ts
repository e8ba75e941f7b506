import { listProcedures, zodDef, type ProcedureEntry } from '@shunkan/api-router/procedures';
import { TEXT } from '@shunkan/config/texts';
import { seedPlans } from '@shunkan/db/plans';
import fc from 'fast-check';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ServerHandle } from '../src/server.js';
import { emulatorAdmin, signUp, startTestServer } from './harness.js';

/**
 * Every procedure's input schema, through both doors (tRPC over HTTP and the REST paths over the same
 * procedures), with arbitrary values: NUL, lone surrogates, control and bidi characters, huge strings,
 * wrong types, missing and extra fields. Whatever comes in, the answer is never a 5xx and an error body
 * never carries internal text (database or socket messages, stacks): only our Japanese messages.
 * Procedures and routes are read from the router and the server, so new ones are fuzzed unasked.
 */

// Runs per procedure and door; ~70 procedures and ~40 REST routes: well under a minute on either database.
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Text a client must never see: what databases, drivers, sockets and runtimes say when they fail. */
const INTERNAL_TEXT =
  /invalid byte sequence|UTF8|0x00|unsupported Unicode|ECONN|EPIPE|ETIMEDOUT|socket|syntax error|violates|relation "|column "|duplicate key|null value|out of range|SQLSTATE|kysely|pglite|postgres|TypeError|ReferenceError|RangeError|Cannot read|is not a function|is not defined|\bat .+:\d+:\d+|node_modules|\.ts\b|stack/i;
/** Japanese: hiragana, katakana or kanji. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** Characters PostgreSQL cannot store or that often break text handling, besides ordinary ones. */
const nastyUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\0', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0001', '\u001B', '\u007F', '\uFEFF', '\uFFFE', '\uFFFF', '\u202E', '\u2028', '%', "'", '"', '\\', '\n') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);
const nastyString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: nastyUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a'.repeat(5000), `${'長'.repeat(2000)}\0`, 'x'.repeat(70_000)) },
);

/** Ids and texts that exist (filled in beforeAll), so that some inputs get past validation to the database. */
const known: string[] = ['toeic', 'middle-school', 'standard', 'premium', 'premium-yearly', 'yearly', 'monthly', 'users', 'sessions', '4242 4242 4242 4242'];
// Digit strings past bigint range (row ids are bigint columns; decision 026), besides small ones.
known.push('99999999999999999999', '9223372036854775808', '2026-11-24T10:00:00.000Z_9999999999999999999');
const plausibleString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...known).map((s) => s) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.nat().map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
);
const anyString = fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 2, arbitrary: plausibleString });
const anyNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 1, 2 ** 53, -(2 ** 63), 1e308));

/** A value of any JSON type, with nasty strings: the "wrong type" half of the fuzz. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyString,
    anyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Values shaped like the schema (so they reach deep), each leaf sometimes wrong or nasty. */
function shaped(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = zodDef(schema);
  const wrong = anyJson;
  const mix = (right: fc.Arbitrary<unknown>) => fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: wrong });
  if (depth > 6) return wrong;
  switch (def.type) {
    case 'string':
      return mix(anyString);
    case 'number':
    case 'int':
      return mix(anyNumber);
    case 'boolean':
      return mix(fc.boolean());
    case 'enum':
      return mix(fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })));
    case 'literal':
      return mix(fc.constantFrom(...(def.values ?? [null])));
    case 'object': {
      const shape = Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, child]) => [key, shaped(child, depth + 1)]));
      const record = fc.record(shape, { requiredKeys: [] });
      // Sometimes an unknown extra field too.
      return mix(fc.tuple(record, fc.option(fc.tuple(anyString, anyJson), { nil: undefined })).map(([r, extra]) => (extra ? { ...r, [extra[0]]: extra[1] } : r)));
    }
    case 'array':
      return mix(fc.array(def.element ? shaped(def.element, depth + 1) : anyJson, { maxLength: 12 }));
    case 'record':
      return mix(fc.dictionary(def.keyType ? (shaped(def.keyType, depth + 1).filter((k) => typeof k === 'string') as fc.Arbitrary<string>) : anyString, def.valueType ? shaped(def.valueType, depth + 1) : anyJson, { maxKeys: 5 }));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => shaped(option, depth + 1)));
    case 'intersection':
      return def.left ? shaped(def.left, depth + 1) : wrong;
    case 'pipe':
      return def.in ? shaped(def.in, depth + 1) : wrong;
    case 'void':
    case 'undefined':
      return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: wrong });
    default:
      if (def.innerType) return fc.oneof({ weight: 4, arbitrary: shaped(def.innerType, depth) }, { weight: 1, arbitrary: fc.constantFrom(undefined, null) });
      return wrong;
  }
}

function inputArbitrary(procedure: ProcedureEntry): fc.Arbitrary<unknown> {
  return procedure.input ? shaped(procedure.input) : fc.oneof(fc.constant(undefined), anyJson);
}

/** Every field name any procedure takes, plus the spec's REST names: the REST door reads fields by name. */
function fieldNames(): string[] {
  const names = new Set(['userTranslation', 'priceIds', 'plans', 'planType', 'standard_monthly', 'premium_yearly', 'limit', 'cursor']);
  const visit = (schema: z.ZodType | undefined, depth = 0): void => {
    if (!schema || depth > 6) return;
    const def = zodDef(schema);
    for (const [key, child] of Object.entries(def.shape ?? {})) {
      names.add(key);
      visit(child, depth + 1);
    }
    for (const child of [def.innerType, def.element, def.valueType, def.in, def.left, def.right, ...(def.options ?? [])]) visit(child, depth + 1);
  };
  for (const procedure of listProcedures()) visit(procedure.input);
  return [...names].sort();
}

/** URL text for a path parameter or query value; strings JS cannot encode as UTF-8 go as raw bytes. */
function urlText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: send the bytes a broken client would (CESU-8 of U+D800), plus the rest.
    return `%ED%A0%80${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
}

let server: ServerHandle;
let adminToken: string;
let learnerToken: string;

type Auth = 'admin' | 'learner' | 'guest';
const authArbitrary = fc.constantFrom<Auth>('admin', 'admin', 'learner', 'guest');
function headersFor(auth: Auth, extra: Record<string, string> = {}): Record<string, string> {
  const token = auth === 'admin' ? adminToken : auth === 'learner' ? learnerToken : undefined;
  return token ? { ...extra, authorization: `Bearer ${token}` } : extra;
}

/** The assertions of the whole file: no 5xx, and an error body speaks Japanese without internal text. */
function checkAnswer(response: InjectResponse, label: string): void {
  const where = `${label} → ${response.statusCode} ${response.body.slice(0, 400)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(response.body, where).not.toMatch(INTERNAL_TEXT);
  const body = response.json() as { message?: unknown; error?: { message?: unknown } } | Array<{ error?: { message?: unknown } }>;
  const messages = Array.isArray(body) ? body.map((item) => item.error?.message).filter((m) => m !== undefined) : [body.error?.message ?? body.message];
  for (const message of messages) {
    expect(typeof message, where).toBe('string');
    expect(message as string, where).toMatch(JAPANESE);
  }
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MIN: '1000000', RATE_LIMIT_AI_PER_MIN: '1000000', RATE_LIMIT_AUTH_PER_MIN: '1000000', RATE_LIMIT_BILLING_PER_MIN: '1000000' });
  await seedPlans(server.database.db);
  const admin = await signUp();
  await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
  adminToken = admin.idToken;
  learnerToken = (await signUp()).idToken;
  // Real ids for the plausible strings: a served problem, its attempt, a scenario.
  const auth = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const problem = (await server.app.inject({ method: 'POST', url: '/api/problem', headers: auth, payload: { difficultyLevel: 'toeic' } })).json() as { problemId: string; japaneseSentence: string };
  const attempt = await server.app.inject({ method: 'POST', url: '/api/trpc/practice.evaluate', headers: auth, payload: { problemId: problem.problemId, answer: 'I think so.' } });
  const scenario = await server.app.inject({ method: 'POST', url: '/api/custom-scenarios', headers: auth, payload: { title: 'カフェ', description: 'カフェで注文する' } });
  known.push(problem.problemId, problem.japaneseSentence, (attempt.json() as { result: { data: { attemptId: string } } }).result.data.attemptId, (scenario.json() as { id: string }).id);
});
afterAll(async () => {
  await server?.stop();
});

describe('text PostgreSQL cannot store is a 400 in Japanese on both doors (the cases of issue 8)', () => {
  const bad = ['a\0b', 'I \uD800 think', '\uDFFF'];
  const trpcCases: Array<[string, 'query' | 'mutation', (s: string) => unknown, Auth]> = [
    ['practice.evaluate', 'mutation', (s) => ({ problemId: known[10], answer: s }), 'admin'],
    ['practice.evaluate', 'mutation', (s) => ({ japaneseSentence: s, answer: 'I think so.' }), 'admin'],
    ['practice.evaluate', 'mutation', (s) => ({ problemId: s, answer: 'I think so.' }), 'admin'],
    ['practice.nextProblem', 'mutation', (s) => ({ difficultyLevel: 'toeic', requestId: `request-${s}` }), 'admin'],
    ['billing.confirmSandboxPayment', 'mutation', (s) => ({ clientSecret: `pi_${s}`, cardNumber: '4242 4242 4242 4242' }), 'learner'],
    ['demo.evaluate', 'mutation', (s) => ({ problemId: s, answer: 'I think so.' }), 'guest'],
    ['demo.evaluate', 'mutation', (s) => ({ problemId: 'demo-1', answer: s }), 'guest'],
    ['appeals.submit', 'mutation', (s) => ({ attemptId: s }), 'admin'],
    ['scenarios.create', 'mutation', (s) => ({ title: s, description: 'カフェで注文する' }), 'admin'],
    ['admin.users.list', 'query', (s) => ({ search: s }), 'admin'],
    ['admin.problems.list', 'query', (s) => ({ search: s }), 'admin'],
  ];
  it.each(trpcCases)('tRPC %s', async (path, type, input, auth) => {
    for (const text of bad) {
      const payload = JSON.stringify(input(text));
      const response =
        type === 'query'
          ? await server.app.inject({ method: 'GET', url: `/api/trpc/${path}?input=${encodeURIComponent(payload)}`, headers: headersFor(auth) })
          : await server.app.inject({ method: 'POST', url: `/api/trpc/${path}`, headers: headersFor(auth, { 'content-type': 'application/json' }), payload });
      expect(response.statusCode, response.body).toBe(400);
      checkAnswer(response, path);
    }
  });

  const restCases: Array<[string, string, (s: string) => unknown]> = [
    ['POST', '/api/evaluate-with-claude', (s) => ({ japaneseSentence: '私もそう思います。', userTranslation: s })],
    ['POST', '/api/evaluate-with-claude', (s) => ({ japaneseSentence: s, userTranslation: 'I think so.' })],
    ['POST', '/api/problem', (s) => ({ difficultyLevel: 'toeic', requestId: `request-${s}` })],
    ['POST', '/api/custom-scenarios', (s) => ({ title: 'カフェ', description: s })],
    ['POST', '/api/stripe/price-info', (s) => ({ priceId: `price_${s}` })],
  ];
  it.each(restCases)('REST %s %s', async (method, url, body) => {
    for (const text of bad) {
      const response = await server.app.inject({ method: method as 'POST', url, headers: headersFor('admin', { 'content-type': 'application/json' }), payload: JSON.stringify(body(text)) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: TEXT.invalidInput });
      checkAnswer(response, url);
    }
  });
});

describe('fuzz: every procedure and every REST path, arbitrary input', () => {
  // One test per procedure: a failure names it, and each stays within the test timeout on a busy machine.
  it.each(listProcedures().map((p) => [p.path, p] as const))('tRPC door %s: no 5xx, no internal text', async (_path, procedure) => {
    await fc.assert(
      fc.asyncProperty(inputArbitrary(procedure), authArbitrary, fc.boolean(), async (input, auth, batched) => {
        const label = `tRPC ${procedure.path} ${JSON.stringify(input)?.slice(0, 200)}`;
        // tRPC reads `undefined` input as absent; a batch wraps it as { "0": input }.
        const json = batched ? JSON.stringify({ 0: input }) : JSON.stringify(input);
        const query = batched ? '?batch=1' : '';
        const response =
          procedure.type === 'query'
            ? await server.app.inject({ method: 'GET', url: `/api/trpc/${procedure.path}${query}${json === undefined ? '' : `${query ? '&' : '?'}input=${encodeURIComponent(json)}`}`, headers: headersFor(auth) })
            : await server.app.inject({ method: 'POST', url: `/api/trpc/${procedure.path}${query}`, headers: headersFor(auth, { 'content-type': 'application/json' }), payload: json ?? '' });
        checkAnswer(response, label);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  // The routes are known once the server is up (beforeAll): one test for all of them, with room to run.
  it('REST door, every /api route: no 5xx, no internal text', { timeout: 240_000 }, async () => {
    const routes = server.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/trpc') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(30);
    const fields = fieldNames();
    const fieldValue = fc.oneof({ weight: 4, arbitrary: anyString }, { weight: 1, arbitrary: anyJson });
    const body = fc.oneof(
      { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 6 }) },
      { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? '') },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', '"\\u0000"', '{"userTranslation":"\\ud800"}', '\0') },
    );
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      await fc.assert(
        fc.asyncProperty(body, fc.array(anyString, { minLength: params.length, maxLength: params.length }), authArbitrary, async (payload, paramValues, auth) => {
          let url = route.url;
          params.forEach((name, i) => {
            url = url.replace(`:${name}`, urlText(paramValues[i]));
          });
          const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
          if (!hasBody && typeof payload === 'object') {
            const query = Object.entries(payload).map(([k, v]) => `${encodeURIComponent(k)}=${urlText(v)}`).join('&');
            if (query) url += `?${query}`;
          }
          const label = `REST ${route.method} ${url.slice(0, 200)} ${hasBody ? JSON.stringify(payload)?.slice(0, 200) : ''}`;
          const response = await server.app.inject({
            method: route.method as 'GET',
            url,
            headers: headersFor(auth, hasBody ? { 'content-type': 'application/json' } : {}),
            ...(hasBody ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
          });
          checkAnswer(response, label);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
  });
});
