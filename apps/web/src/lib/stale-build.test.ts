import { describe, expect, it, vi } from 'vitest';
import { failedChunkUrl, isChunkLoadError, reloadOnStaleChunk } from './stale-build';

function fakeWindow() {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    sessionStorage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) },
    location: { reload },
  };
  const fail = (payload: unknown = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/page-abc.js')) => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win: win as unknown as Parameters<typeof reloadOnStaleChunk>[0], reload, fail };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reloadOnStaleChunk', () => {
  it('loads the page again once when a chunk of an old build is gone, and not again within a minute', async () => {
    const { win, reload, fail } = fakeWindow();
    let now = 1_000_000;
    const probe = vi.fn(() => Promise.resolve({ status: 404 }));
    reloadOnStaleChunk(win, () => now, probe);
    // The failure still reaches the importer; the reload follows once the server is seen to answer.
    expect(fail()).toBe(false);
    await settle();
    expect(probe).toHaveBeenCalledWith('http://localhost/assets/page-abc.js');
    expect(reload).toHaveBeenCalledTimes(1);
    now += 5_000;
    // The same failure right after the reload: the error is left to surface (no reload loop).
    fail();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 60_000;
    fail();
    await settle();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload into the browser error page when the server cannot be reached', async () => {
    const { win, reload, fail } = fakeWindow();
    const message = 'Failed to fetch dynamically imported module: http://localhost/assets/page-abc.js';
    const probe = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    reloadOnStaleChunk(win, () => 1_000_000, probe);
    fail();
    await settle();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // TanStack Router's own reload of a lazy route is marked done, so that it does not reload either.
    expect(win.sessionStorage.getItem(`tanstack_router_reload:${message}`)).toBe('1');
  });

  it('asks / when the error names no chunk', async () => {
    const { win, reload, fail } = fakeWindow();
    const probe = vi.fn(() => Promise.resolve({ status: 200 }));
    reloadOnStaleChunk(win, () => 1_000_000, probe);
    fail(new TypeError('Importing a module script failed.'));
    await settle();
    expect(probe).toHaveBeenCalledWith('/');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it('tells a chunk that could not be fetched from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('failedChunkUrl', () => {
  it('reads the chunk from the browsers’ messages', () => {
    expect(failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'))).toBe('http://x/assets/a-1.js');
    expect(failedChunkUrl(new Error('Unable to preload CSS for /assets/b-2.css'))).toBe('/assets/b-2.css');
    expect(failedChunkUrl(undefined)).toBeNull();
  });
});
