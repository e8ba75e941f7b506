import pg from 'pg';
import type { ReadCache, WriteWatch } from './read-cache.js';

/** The channel of migration 0017: a statement wrote this table (payload: its name). */
export const READ_CACHE_CHANNEL = 'shunkan_read_cache';

export type ReadCacheListener = {
  /** Resolves once the first LISTEN succeeded or failed (the cache is bypassed until one succeeds). */
  ready: Promise<void>;
  /** True while notices are being received, i.e. the cache may answer. */
  listening: () => boolean;
  stop: () => Promise<void>;
};

/**
 * Keeps the read cache of a PostgreSQL server's handle true to the server (decision 032): every
 * statement that writes a cached table, by any instance, webhook or SQL typed by hand, is announced at
 * its commit (migration 0017), and each notice bumps that table's generation here, so nothing read
 * before it is used again.
 *
 * Notices can only be trusted while they arrive: until LISTEN succeeded, and from the moment the
 * listening connection fails (error, end, or a health probe without an answer) until a new one
 * listens, the cache is bypassed (every read goes to the database) and what it held is dropped.
 * A notice's delay (the time from another instance's commit to its arrival here, sub-millisecond on a
 * quiet loopback) is the longest another instance's change can go unseen.
 */
export function listenForReadCacheChanges(options: {
  databaseUrl: string;
  cache: ReadCache;
  watch: WriteWatch;
  applicationName?: string;
  retryMs?: number;
  /** How often the listening connection is probed (a silently dead connection would never report). */
  probeMs?: number;
  onLost?: (error: Error | undefined) => void;
}): ReadCacheListener {
  const retryMs = options.retryMs ?? 1_000;
  const probeMs = options.probeMs ?? 10_000;
  let client: pg.Client | null = null;
  let live = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let probe: NodeJS.Timeout | null = null;
  options.cache.setBypass(true);

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: options.applicationName ?? 'shunkan-read-cache',
      keepAlive: true,
      // A probe (or LISTEN) that gets no answer counts as a lost connection.
      query_timeout: 5_000,
      connectionTimeoutMillis: 5_000,
    });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      live = false;
      options.cache.setBypass(true);
      if (probe) clearInterval(probe);
      probe = null;
      options.onLost?.(error);
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(), retryMs);
      // A stopped server's process must not wait for a reconnection.
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel !== READ_CACHE_CHANNEL) return;
      // An unknown payload: everything may have changed.
      options.watch.invalidate(message.payload ? [message.payload] : undefined);
    });
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${READ_CACHE_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (client !== next || stopped) return;
    // Changes made while nobody listened are unknown: start from nothing, then trust the notices.
    live = true;
    options.cache.setBypass(false);
    probe = setInterval(() => {
      next.query('select 1').catch((error: Error) => lost(error));
    }, probeMs);
    probe.unref();
  };

  const ready = connect();
  return {
    ready,
    listening: () => live,
    stop: async () => {
      stopped = true;
      live = false;
      options.cache.setBypass(true);
      if (retry) clearTimeout(retry);
      if (probe) clearInterval(probe);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
