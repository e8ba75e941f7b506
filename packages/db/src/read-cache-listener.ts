import type { NoticeHub } from './notice-listener.js';
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
  /** The instance's listening connection (notice-listener.ts), shared with its other listeners. */
  hub: NoticeHub;
  cache: ReadCache;
  watch: WriteWatch;
  onLost?: (error: Error | undefined) => void;
}): ReadCacheListener {
  options.cache.setBypass(true);
  const listener = options.hub.subscribe(READ_CACHE_CHANNEL, {
    // An unknown payload: everything may have changed.
    onNotice: (table) => options.watch.invalidate(table ? [table] : undefined),
    // Changes made while nobody listened are unknown: start from nothing, then trust the notices.
    onLive: () => options.cache.setBypass(false),
    onLost: (error) => {
      options.cache.setBypass(true);
      options.onLost?.(error);
    },
  });
  return {
    ...listener,
    stop: async () => {
      options.cache.setBypass(true);
      await listener.stop();
    },
  };
}
