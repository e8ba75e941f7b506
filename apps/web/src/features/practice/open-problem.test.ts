import { describe, expect, it } from 'vitest';
import { createOpenProblemStore } from './open-problem';

function memoryStorage() {
  const store = new Map<string, string>();
  return {
    store,
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
}

describe('the open problem kept across a reload', () => {
  it('gives back the request id, the draft and the answer sent, until the problem is answered', () => {
    const storage = memoryStorage();
    const now = () => new Date('2026-11-29T10:00:00Z');
    const store = createOpenProblemStore('uid-1:toeic:practice', storage, now);
    expect(store.load()).toBeNull();
    store.open('request-1');
    store.saveDraft('I have');
    store.saveDraft('I have never been');
    expect(createOpenProblemStore('uid-1:toeic:practice', storage, now).load()).toEqual({ requestId: 'request-1', draft: 'I have never been', submission: null, timing: null });
    store.saveSubmission({ answer: 'I have never been', id: 'submission-1' });
    expect(store.load()?.submission).toEqual({ answer: 'I have never been', id: 'submission-1' });
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('keeps the 瞬間 limit and the time the problem was first shown, within the 3-10 s the screen offers', () => {
    const storage = memoryStorage();
    const store = createOpenProblemStore('k', storage);
    store.open('request-1', '', null, { limitSec: 5, shownAt: 1_796_000_000_000 });
    store.saveDraft('I was');
    expect(store.load()).toEqual({ requestId: 'request-1', draft: 'I was', submission: null, timing: { limitSec: 5, shownAt: 1_796_000_000_000 } });
    for (const limitSec of [2, 11, 4.5]) {
      store.open('request-2', '', null, { limitSec, shownAt: 1 });
      expect(store.load()?.timing).toBeNull();
    }
  });

  it('is kept per key: another user, level or mode starts afresh', () => {
    const storage = memoryStorage();
    createOpenProblemStore('uid-1:toeic:practice', storage).open('request-1');
    expect(createOpenProblemStore('uid-2:toeic:practice', storage).load()).toBeNull();
    expect(createOpenProblemStore('uid-1:toeic:review', storage).load()).toBeNull();
  });

  it('drops a problem of an earlier JST day (the server counts a request id once a day)', () => {
    const storage = memoryStorage();
    createOpenProblemStore('k', storage, () => new Date('2026-11-29T14:59:00Z')).open('request-1');
    expect(createOpenProblemStore('k', storage, () => new Date('2026-11-29T14:59:30Z')).load()?.requestId).toBe('request-1');
    // 2026-11-30 00:00 in Tokyo.
    expect(createOpenProblemStore('k', storage, () => new Date('2026-11-29T15:00:00Z')).load()).toBeNull();
  });

  it('ignores what it cannot read, and a storage that refuses writes', () => {
    const storage = memoryStorage();
    storage.setItem('shunkan:open-problem:k', '{not json');
    expect(createOpenProblemStore('k', storage).load()).toBeNull();
    const refusing = { ...storage, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    const store = createOpenProblemStore('j', refusing);
    expect(() => store.open('request-1')).not.toThrow();
    expect(store.load()).toBeNull();
  });
});
