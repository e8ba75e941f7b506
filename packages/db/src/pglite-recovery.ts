import type { PGlite } from '@electric-sql/pglite';
import { preparedPGlite, type DialectPGlite } from './prepared.js';

/**
 * PGlite on a data directory that reopens itself after a fatal error (decision 081).
 *
 * When PostgreSQL cannot write its WAL (a full disk: ENOSPC, or any I/O error there) it raises PANIC.
 * A PostgreSQL server restarts its backends and recovers from the WAL; PGlite runs the backend inside
 * this process, and after a PANIC its WebAssembly instance spins on the next statement it is given,
 * synchronously: the whole API thread stopped (no answer to anything, /api/health included) until the
 * process was killed. Here the instance that reported PANIC or FATAL is never called again (every
 * call into it fails at once, so the statements queued behind the fatal one, and the ROLLBACK PGlite
 * sends for a failed transaction, answer 503 instead of spinning), and the next statement opens the
 * data directory again: PostgreSQL's crash recovery replays the WAL, so every committed write is
 * there. While the directory cannot be opened (the disk is still full) statements fail at once with
 * SQLSTATE 57P03 (503 「…」 `TEXT.serviceUnavailable`), and opening is tried again at most every
 * REOPEN_RETRY_MS: each try builds a new WebAssembly instance.
 */
export const REOPEN_RETRY_MS = 2_000;

type Instance = { pglite: PGlite; prepared: DialectPGlite; dead: boolean };

/** SQLSTATE 57P03 cannot_connect_now: `isDatabaseUnavailable` answers it 503 "try again". */
export class PGliteUnavailableError extends Error {
  readonly code = '57P03';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PGliteUnavailableError';
  }
}

/** An error after which PostgreSQL's backend cannot go on (a server would restart it). */
export function isFatalDatabaseError(error: unknown): boolean {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
}

/** Marks the instance dead when it reports a fatal error, and refuses every call into it from then on. */
function watched(pglite: PGlite): Instance {
  const instance: Instance = { pglite, prepared: preparedPGlite(pglite), dead: false };
  const target = pglite as unknown as Record<string, (...args: unknown[]) => unknown>;
  // Every statement (query, exec, transactions, prepared statements, close) reaches WebAssembly here.
  const rawSync = target.execProtocolRawSync!.bind(pglite);
  target.execProtocolRawSync = (...args: unknown[]) => {
    if (instance.dead) throw new PGliteUnavailableError('the embedded database stopped after a fatal error and is being reopened');
    return rawSync(...args);
  };
  // The two calls that turn the backend's error response into a thrown DatabaseError.
  for (const name of ['execProtocol', 'execProtocolStream']) {
    const original = target[name]!.bind(pglite);
    target[name] = async (...args: unknown[]) => {
      try {
        return await original(...args);
      } catch (error) {
        if (isFatalDatabaseError(error)) instance.dead = true;
        throw error;
      }
    };
  }
  return instance;
}

/**
 * The PGlite handle Kysely's dialect is given: statements go to the current instance (through
 * `preparedPGlite`), a dead one is replaced by `reopen()` before the next statement.
 */
export function recoveringPGlite(
  first: PGlite,
  reopen: () => Promise<PGlite>,
  options: { onFatal?: (error: unknown) => void; onReopened?: () => void } = {},
): DialectPGlite & { readonly reopened: number } {
  let current = watched(first);
  let reopening: Promise<Instance> | null = null;
  let lastTry = 0;
  let lastFailure: unknown = null;
  let reopened = 0;
  let closed = false;

  async function live(): Promise<Instance> {
    if (!current.dead) return current;
    if (reopening) return reopening;
    if (Date.now() - lastTry < REOPEN_RETRY_MS) {
      throw new PGliteUnavailableError('the embedded database could not be reopened yet', { cause: lastFailure });
    }
    lastTry = Date.now();
    reopening = (async () => {
      try {
        const next = watched(await reopen());
        current = next;
        reopened++;
        options.onReopened?.();
        return next;
      } catch (error) {
        lastFailure = error;
        throw new PGliteUnavailableError('the embedded database could not be reopened', { cause: error });
      } finally {
        reopening = null;
      }
    })();
    return reopening;
  }

  /** Runs `work` on the live instance; reports the fatal error that ended an instance once. */
  async function onLive<T>(work: (instance: Instance) => Promise<T>): Promise<T> {
    const instance = await live();
    try {
      return await work(instance);
    } catch (error) {
      if (isFatalDatabaseError(error)) options.onFatal?.(error);
      throw error;
    }
  }

  return {
    get closed() {
      return closed;
    },
    get ready() {
      return true;
    },
    waitReady: first.waitReady,
    get reopened() {
      return reopened;
    },
    close: async () => {
      closed = true;
      // A dead instance is not called again (closing runs a statement in it).
      if (!current.dead && !current.pglite.closed) await current.pglite.close();
    },
    query: (text, params, queryOptions) => onLive((instance) => instance.prepared.query(text, params, queryOptions)),
    transaction: (callback) => onLive((instance) => instance.prepared.transaction(callback)),
  };
}
