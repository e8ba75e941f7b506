import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@shunkan/db/testing';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { loadEnv } from '../src/env.js';
import { createServer, type ServerHandle } from '../src/server.js';

export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run these tests through `pnpm test`, which starts the Auth emulator.');
  return host;
}

/** A server on a fresh test database, talking to the Auth emulator started by the test script. */
export async function startTestServer(extraEnv: Record<string, string> = {}, overrides: { evaluatorWorkerUrl?: URL } = {}): Promise<ServerHandle> {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-api-')),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    WEB_DIST: '/nonexistent',
    ...extraEnv,
  });
  const server = await createServer(env, { database, ...overrides });
  const originalStop = server.stop;
  server.stop = async () => {
    await originalStop();
    await database.close();
  };
  return server;
}

type SignUpResult = { idToken: string; localId: string; email: string };

/**
 * fetch for the Auth emulator: once more when the socket it was handed had been closed by the emulator
 * ("other side closed", UND_ERR_SOCKET): Node keeps idle connections to it, and the emulator may close
 * one just as the next request is written on it (a CI run failed so in signUp); the request never
 * reached it.
 */
async function emulatorFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** Creates an account through the emulator's REST API (as the web SDK would) and returns its ID token. */
export async function signUp(options: { verified?: boolean; email?: string } = {}): Promise<SignUpResult> {
  const email = options.email ?? `u-${randomUUID()}@example.com`;
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const response = await emulatorFetch(`${base}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123', returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; localId: string };
  if (!response.ok) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  if (options.verified ?? true) {
    await emulatorAdmin(`accounts:update`, { localId: body.localId, emailVerified: true });
    return { ...(await signIn(email)), email };
  }
  return { ...body, email };
}

export async function signIn(email: string, password = 'password123'): Promise<{ idToken: string; localId: string }> {
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const response = await emulatorFetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; localId: string };
  if (!response.ok) throw new Error(`signIn failed: ${JSON.stringify(body)}`);
  return body;
}

/** Privileged emulator calls (the emulator accepts `Bearer owner` as an admin credential). */
export async function emulatorAdmin(operation: string, body: object, method = 'POST'): Promise<unknown> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${operation}`;
  const response = await emulatorFetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${operation} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Re-encodes an (unsigned, emulator) ID token with a changed payload: what an attacker could send. */
export function doctorToken(token: string, patch: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), ...patch };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

/** A JSON answer: the status and the parsed body. */
export type JsonAnswer = { status: number; body: Record<string, unknown> };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Requests to a test server through Fastify's inject, with a learner's token and a JSON body. The server
 * is read when a request is made (test files start theirs in beforeAll): `requests(() => server)`.
 */
export function requests(serverOf: () => ServerHandle) {
  /** Any method; the body (when given) as JSON; the answer parsed. */
  async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string | null, body?: unknown): Promise<JsonAnswer> {
    const response = await serverOf().app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }
  /** POST with a JSON body (`{}` unless given); the raw inject answer (headers, status, body). */
  function post(url: string, token: string | null, body: unknown = {}): Promise<InjectResponse> {
    return serverOf().app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }
  function get(url: string, token: string | null): Promise<InjectResponse> {
    return serverOf().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  }
  /** Our user id of a Firebase account (its first authenticated request created the row). */
  async function userIdOf(localId: string): Promise<string> {
    const user = await findUserByFirebaseUid(serverOf().database.db, localId);
    if (!user) throw new Error('user record missing');
    return user.id;
  }
  return { call, post, get, userIdOf };
}

/** A tRPC answer's data. */
export function dataOf<T>(response: InjectResponse): T {
  return (response.json() as { result: { data: T } }).result.data;
}

/** The message of an error answer, from either door (REST `message`, tRPC `error.message`, a batch's first). */
export function messageOf(response: InjectResponse): string {
  const body = response.json() as { message?: string; error?: { message?: string } } | Array<{ error?: { message?: string } }>;
  const item = Array.isArray(body) ? body[0] : body;
  return (item as { message?: string } | undefined)?.message ?? item?.error?.message ?? '';
}
