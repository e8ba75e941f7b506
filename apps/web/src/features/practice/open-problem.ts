import { jstDay } from '@shunkan/config/time';

/**
 * The problem on screen and what the learner typed, kept for this tab (sessionStorage) so that a reload
 * (a phone's pull-to-refresh, F5) or a visit to my page and back shows the same problem and the typed
 * answer again instead of the start card (decision 075). It used to cost a problem of the day's limit:
 * the server serves the same problem for the same request id without counting it again
 * (serveNextProblem), and request ids hold for one JST day, so an entry of an earlier day is dropped.
 * The answer last sent is kept with its submission id, so an answer whose reply was lost before the
 * reload is not stored twice when it is sent again (decision 064). Cleared once the problem is answered
 * or left with 戻る; the key names the signed-in user, so another account never sees it.
 * In 瞬間 mode the time limit and when the problem was first shown are kept too: the resumed problem
 * goes on counting down from where it was, and an answer past the limit is still marked 時間切れ.
 */
export type OpenProblem = {
  requestId: string;
  draft: string;
  submission: { answer: string; id: string } | null;
  /** 瞬間 mode: seconds allowed and the time (ms since epoch) the problem was first shown; null without. */
  timing: Timing | null;
};

export type Timing = { limitSec: number; shownAt: number };

function readTiming(value: unknown): Timing | null {
  const timing = value as Partial<Timing> | null | undefined;
  if (!timing || typeof timing.limitSec !== 'number' || typeof timing.shownAt !== 'number') return null;
  // The choices the screen offers (3-10 s), as the server accepts them.
  if (!Number.isInteger(timing.limitSec) || timing.limitSec < 3 || timing.limitSec > 10 || !Number.isFinite(timing.shownAt)) return null;
  return { limitSec: timing.limitSec, shownAt: timing.shownAt };
}

type Stored = OpenProblem & { day: string };
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'shunkan:open-problem:';

export type OpenProblemStore = ReturnType<typeof createOpenProblemStore>;

export function createOpenProblemStore(key: string, storage: KeyValueStorage = window.sessionStorage, now: () => Date = () => new Date()) {
  const fullKey = PREFIX + key;
  const read = (): Stored | null => {
    try {
      const value = JSON.parse(storage.getItem(fullKey) ?? 'null') as Partial<Stored> | null;
      if (!value || typeof value.requestId !== 'string' || typeof value.day !== 'string') return null;
      const submission = value.submission && typeof value.submission.answer === 'string' && typeof value.submission.id === 'string' ? value.submission : null;
      return { requestId: value.requestId, day: value.day, draft: typeof value.draft === 'string' ? value.draft : '', submission, timing: readTiming(value.timing) };
    } catch {
      return null;
    }
  };
  // Storage may be full or refused (a private window): the page then works as before, without resuming.
  const write = (value: Stored) => {
    try {
      storage.setItem(fullKey, JSON.stringify(value));
    } catch {
      /* not kept */
    }
  };
  return {
    /** The problem opened today and not answered yet, if any. */
    load(): OpenProblem | null {
      const value = read();
      if (!value || value.day !== jstDay(now())) return null;
      return { requestId: value.requestId, draft: value.draft, submission: value.submission, timing: value.timing };
    },
    /** A problem was served for `requestId` (a resumed one keeps its draft and timing). */
    open(requestId: string, draft = '', submission: OpenProblem['submission'] = null, timing: Timing | null = null) {
      write({ requestId, day: jstDay(now()), draft, submission, timing });
    },
    saveDraft(draft: string) {
      const value = read();
      if (value) write({ ...value, draft });
    },
    saveSubmission(submission: { answer: string; id: string }) {
      const value = read();
      if (value) write({ ...value, submission });
    },
    clear() {
      try {
        storage.removeItem(fullKey);
      } catch {
        /* nothing kept */
      }
    },
  };
}
