import { createServer as createNetServer, type Socket } from 'node:net';
import { TEXT } from '@shunkan/config/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { emulatorHost, signUp, startTestServer } from './harness.js';

/** A loopback port nobody listens on: the Auth provider is down. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the Auth provider is unreachable', () => {
  const realEmulator = emulatorHost();
  let server: ServerHandle | undefined;
  let idToken: string;
  // Set-up in a hook (its longer timeout): a server start on a busy machine is not what is tested.
  beforeAll(async () => {
    // A good token, issued while the provider was up.
    idToken = (await signUp()).idToken;
    server = await startTestServer({ FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => {
    await server?.stop();
    // firebase-admin reads the emulator address from the environment: give the other files theirs back.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = realEmulator;
  });

  it('answers 503 "try again" on both doors, not 401 "log in again"', async () => {
    if (!server) throw new Error('no server');
    const headers = { authorization: `Bearer ${idToken}` };

    const rest = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers });
    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: TEXT.authUnavailable });

    const trpc = await server.app.inject({ method: 'GET', url: '/api/trpc/subscription.current', headers });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { message: TEXT.authUnavailable, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });

    // Guests do not need the provider: public paths keep working.
    expect((await server.app.inject({ method: 'GET', url: '/api/subscription-plans' })).statusCode).toBe(200);
    // It starts a server of its own (migrations, bank seeding): the time a beforeAll hook has for that.
  }, 90_000);
});

/** A provider that accepts connections and never answers (a hung host, a black-holed route). */
async function hangingProvider(): Promise<{ host: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const hang = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
  const address = hang.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    host: `127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hang.close(() => resolve()));
    },
  };
}

describe('the Auth provider does not answer', () => {
  const realEmulator = emulatorHost();
  let server: ServerHandle | undefined;
  let provider: Awaited<ReturnType<typeof hangingProvider>> | undefined;
  let idToken: string;
  beforeAll(async () => {
    idToken = (await signUp()).idToken;
    provider = await hangingProvider();
    server = await startTestServer({ FIREBASE_AUTH_EMULATOR_HOST: provider.host, AUTH_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = realEmulator;
  });

  it('answers 503 once AUTH_TIMEOUT_MS has passed instead of waiting on firebase-admin (which has no deadline), and never lets the token through', async () => {
    if (!server) throw new Error('no server');
    const headers = { authorization: `Bearer ${idToken}` };
    // Without the deadline these requests would hang until the test's own timeout.
    const [rest, trpc] = await Promise.all([
      server.app.inject({ method: 'GET', url: '/api/user-subscription', headers }),
      server.app.inject({ method: 'GET', url: '/api/trpc/subscription.current', headers }),
    ]);
    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: TEXT.authUnavailable });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { message: TEXT.authUnavailable, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
    // A malformed token is still refused as such (401), before the provider is asked.
    const forged = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: { authorization: 'Bearer not.a-token' } });
    expect(forged.statusCode).toBe(401);
  });
});
