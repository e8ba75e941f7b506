import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Rate-limit counters that count a request as several: a tRPC batch runs every call it carries, so it
 * counts once per call (decision 026 capped batches at 20 calls; this makes each call count).
 *
 * @fastify/rate-limit hands its store only the key its keyGenerator made, so the weight travels in the
 * key: `weightedKey('127.0.0.1:ai', 5)` is `127.0.0.1:ai#5`, and the store takes the `#5` off and adds 5
 * to the counter of `127.0.0.1:ai`. A weight of 1 leaves the key as it is. Counters and Redis keys are the
 * plugin's own (`<prefix><ip>:<group>`), so instances of the previous release count into the same ones.
 */
export function weightedKey(key: string, weight: number): string {
  return weight > 1 ? `${key}#${weight}` : key;
}

function splitKey(key: string): { key: string; weight: number } {
  const mark = key.lastIndexOf('#');
  if (mark < 0) return { key, weight: 1 };
  const weight = Number(key.slice(mark + 1));
  return Number.isSafeInteger(weight) && weight > 0 ? { key: key.slice(0, mark), weight } : { key, weight: 1 };
}

type Result = { current: number; ttl: number };

/** Same fixed window as the plugin's LocalStore: the window starts with the first request counted. */
function createMemoryCounter(capacity: number) {
  const entries = new Map<string, { current: number; startMs: number }>();
  return (key: string, weight: number, timeWindow: number): Result => {
    const now = Date.now();
    let entry = entries.get(key);
    if (!entry || entry.startMs + timeWindow <= now) {
      entry = { current: 0, startMs: now };
      // Least recently counted first out, as the plugin's LRU does (5,000 clients by default).
      if (entries.size >= capacity) entries.delete(entries.keys().next().value as string);
    } else {
      entries.delete(key);
    }
    entry.current += weight;
    entries.set(key, entry);
    return { current: entry.current, ttl: timeWindow - (now - entry.startMs) };
  };
}

/** The plugin's Redis script with INCRBY: the window's expiry is set when the key is made. */
const REDIS_INCR_BY = `
  local current = redis.call('INCRBY', KEYS[1], tonumber(ARGV[2]))
  local ttl = redis.call('PTTL', KEYS[1])
  if current == tonumber(ARGV[2]) or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}
`;

type WeightedRedis = Redis & {
  shunkanRateLimitIncrBy(key: string, timeWindow: number, weight: number, callback: (error: Error | null | undefined, result?: [number, number]) => void): void;
};

/** How long a count may wait for Redis before it is counted in memory instead (decision 066). */
export const REDIS_COUNT_DEADLINE_MS = 500;
/** After Redis failed or was late, counts stay in memory this long before Redis is tried again. */
export const REDIS_PAUSE_MS = 5_000;

/**
 * The store for @fastify/rate-limit's `store` option: in Redis (shared by every instance) when one is
 * given, else in this process's memory.
 *
 * While Redis is away (not connected), failing, or slow (no answer within `deadlineMs`), requests are
 * counted in this instance's memory for `pauseMs` (decision 066): the limits still hold, per instance,
 * and no request waits for a Redis that does not answer (before: each waited for ioredis's 2 s command
 * timeout, then went through without any limit).
 */
export function createWeightedStore(options: {
  redis?: Redis | null;
  nameSpace?: string;
  capacity?: number;
  deadlineMs?: number;
  pauseMs?: number;
  /** Called when counting moves to memory because Redis failed or was late. */
  onRedisSkipped?: (reason: string) => void;
}): FastifyRateLimitStoreCtor {
  const { redis, nameSpace = '', deadlineMs = REDIS_COUNT_DEADLINE_MS, pauseMs = REDIS_PAUSE_MS } = options;
  if (redis && !('shunkanRateLimitIncrBy' in redis)) redis.defineCommand('shunkanRateLimitIncrBy', { numberOfKeys: 1, lua: REDIS_INCR_BY });
  const countInMemory = createMemoryCounter(options.capacity ?? 5000);
  let redisPausedUntil = 0;
  const pauseRedis = (reason: string): void => {
    if (Date.now() >= redisPausedUntil) options.onRedisSkipped?.(reason);
    redisPausedUntil = Date.now() + pauseMs;
  };

  return class WeightedStore implements FastifyRateLimitStore {
    incr(rawKey: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number): void {
      const { key, weight } = splitKey(rawKey);
      // Redis away (connecting, reconnecting after a loss) or paused after a failure: count here at once,
      // instead of ioredis holding the request in its offline queue or until its command timeout.
      if (!redis || redis.status !== 'ready' || Date.now() < redisPausedUntil) {
        callback(null, countInMemory(key, weight, timeWindow));
        return;
      }
      let settled = false;
      // Late only if the answer has not arrived: after a stalled event loop the timer runs before the
      // answer waiting on the socket is read, so it looks once more after the loop's I/O phase.
      const late = setTimeout(
        () =>
          setImmediate(() => {
            if (settled) return;
            settled = true;
            pauseRedis(`no answer within ${deadlineMs} ms`);
            callback(null, countInMemory(key, weight, timeWindow));
          }),
        deadlineMs,
      );
      (redis as WeightedRedis).shunkanRateLimitIncrBy(`${nameSpace}${key}`, timeWindow, weight, (error, result) => {
        if (settled) return;
        settled = true;
        clearTimeout(late);
        if (error || !result) {
          pauseRedis(error?.message ?? 'empty answer');
          callback(null, countInMemory(key, weight, timeWindow));
        } else {
          callback(null, { current: Number(result[0]), ttl: Number(result[1]) });
        }
      });
    }

    /** Routes with a rateLimit config of their own would get a child; none has one, so one store serves all. */
    child(): this {
      return this;
    }
  };
}
