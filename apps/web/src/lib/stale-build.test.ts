import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from './stale-build';

function fakeWindow() {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    sessionStorage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) },
    location: { reload },
  };
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win: win as unknown as Parameters<typeof reloadOnStaleChunk>[0], reload, fail };
}

describe('reloadOnStaleChunk', () => {
  it('loads the page again once when a chunk of an old build fails, and not again within a minute', () => {
    const { win, reload, fail } = fakeWindow();
    let now = 1_000_000;
    reloadOnStaleChunk(win, () => now);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 5_000;
    // The same failure right after the reload: the error is left to surface (no reload loop).
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 60_000;
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
