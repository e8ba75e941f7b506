import { REVIEW_SESSIONS_BLOCKED } from '@shunkan/config/texts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api';

vi.mock('./firebase', () => ({ getIdToken: async () => 'token-123' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest (spec section 7 shared request behaviour)', () => {
  it('blocks reads of the retired review-sessions endpoint before sending', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await expect(apiRequest('/api/review-sessions')).rejects.toThrow(REVIEW_SESSIONS_BLOCKED);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends JSON with the bearer token and raises "{status}: {statusText}" on failure', async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ message: 'x' }), { status: 429, statusText: 'Too Many Requests' }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(apiRequest('/api/problem', { method: 'POST', body: { difficultyLevel: 'toeic' } })).rejects.toThrow('429: Too Many Requests');
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-123');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ difficultyLevel: 'toeic' }));
  });

  it('parses JSON on success', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ japaneseSentence: 'こんにちは' }), { status: 200 })));
    await expect(apiRequest('/api/problem')).resolves.toEqual({ japaneseSentence: 'こんにちは' });
  });
});
