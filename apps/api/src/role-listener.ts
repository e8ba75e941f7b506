import type { SessionCache, Logger } from '@shunkan/api-router/session';
import pg from 'pg';

export const USER_ROLE_CHANNEL = 'shunkan_user_role';

/**
 * Listens on the PostgreSQL server for role changes (migration 0016 announces each one with the user's
 * Firebase uid) and drops that user's cached session, so a role granted or withdrawn on any instance
 * counts here at the next request. While the connection is down notices can be missed: the whole
 * cache is dropped when it is back (and the cache's 30 s bound holds meanwhile).
 */
export function listenForRoleChanges(options: { databaseUrl: string; sessions: SessionCache; log: Logger; retryMs?: number }): { ready: Promise<void>; stop: () => Promise<void> } {
  const retryMs = options.retryMs ?? 2_000;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      options.sessions.clear();
      options.log.warn({ err: error }, 'role change listener lost its connection; reconnecting');
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect().catch(() => {}), retryMs);
      // A stopped server's process must not wait for a reconnection.
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel === USER_ROLE_CHANNEL && message.payload) options.sessions.forget(message.payload);
    });
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${USER_ROLE_CHANNEL}`);
      // Changes made while nobody listened are unknown: start from an empty cache.
      options.sessions.clear();
    } catch (error) {
      lost(error as Error);
      throw error;
    }
  };

  // Start-up does not wait on (or fail for) the listener: without it the 30 s bound still holds.
  const ready = connect().catch(() => {});
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
