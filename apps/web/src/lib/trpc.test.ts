import type { AppRouter } from '@shunkan/api-router';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_LIMITS, errorMessage, failureAnswerMessage, isUnreachable, trpcLinks } from './trpc';

vi.mock('./firebase', () => ({ getIdToken: async () => 'token-123' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tRPC client batches within limits', () => {
  it('splits 25 simultaneous calls into batches of at most 10 procedures and 2,083 URL characters', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const count = new URL(url, 'http://localhost').pathname.replace('/api/trpc/', '').split(',').length;
        const body = Array.from({ length: count }, () => ({ result: { data: { ok: true } } }));
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = createTRPCClient<AppRouter>({ links: trpcLinks() });
    const calls = Array.from({ length: 25 }, (_, i) =>
      i % 2 === 0 ? client.plans.list.query() : client.learning.recentSessions.query({ limit: 10, cursor: `c-${'x'.repeat(40)}-${i}` }),
    );
    const results = await Promise.all(calls);
    expect(results).toHaveLength(25);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      expect(url.length).toBeLessThanOrEqual(BATCH_LIMITS.maxURLLength);
      const procedures = new URL(url, 'http://localhost').pathname.replace('/api/trpc/', '').split(',');
      expect(procedures.length).toBeLessThanOrEqual(BATCH_LIMITS.maxItems);
    }
  });
});

describe('errorMessage', () => {
  it("shows the server's message, and the fallback when the server never answered (not the browser's English)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const client = createTRPCClient<AppRouter>({ links: trpcLinks() });
    const offline = await client.plans.list.query().catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(TRPCClientError);
    expect(errorMessage(offline, '読み込みに失敗しました。')).toBe('読み込みに失敗しました。');
    expect(isUnreachable(offline)).toBe(true);

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([{ error: { message: '入力内容が正しくありません。', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } }]), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const refused = await client.plans.list.query().catch((error: unknown) => error);
    expect(errorMessage(refused, '読み込みに失敗しました。')).toBe('入力内容が正しくありません。');
    expect(isUnreachable(refused)).toBe(false);
  });
});

describe('failureAnswerMessage', () => {
  const failWith = (response: () => Response | Promise<Response>) => {
    vi.stubGlobal('fetch', vi.fn(async () => response()));
    return createTRPCClient<AppRouter>({ links: trpcLinks() })
      .plans.list.query()
      .catch((error: unknown) => error);
  };

  it("gives the server's message for its 500, the service's for a proxy's page, and nothing when nothing answered", async () => {
    const serverError = await failWith(
      () =>
        new Response(
          JSON.stringify([{ error: { message: 'サーバーでエラーが発生しました。しばらくしてから再度お試しください。', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]),
          { status: 500, headers: { 'content-type': 'application/json' } },
        ),
    );
    expect(isUnreachable(serverError)).toBe(true);
    expect(failureAnswerMessage(serverError)).toBe('サーバーでエラーが発生しました。しばらくしてから再度お試しください。');

    const proxyPage = await failWith(() => new Response('<h1>503 Service Temporarily Unavailable</h1>', { status: 503, headers: { 'content-type': 'text/html' } }));
    expect(isUnreachable(proxyPage)).toBe(true);
    expect(failureAnswerMessage(proxyPage)).toBe('ただいまサービスに接続できません。しばらくしてから再度お試しください。');

    const offline = await failWith(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(failureAnswerMessage(offline)).toBeUndefined();
  });
});
