import type { SessionCache, Logger } from '@shunkan/api-router/session';
import { listenForNotices, type NoticeListener } from '@shunkan/db/notice-listener';

export const USER_ROLE_CHANNEL = 'shunkan_user_role';

/**
 * Listens on the PostgreSQL server for role changes (migration 0016 announces each one with the user's
 * Firebase uid) and drops that user's cached session, so a role granted or withdrawn on any instance
 * counts here at the next request. While the connection is down notices can be missed: the whole
 * cache is dropped when it is lost and again when it is back (and the cache's 30 s bound holds
 * meanwhile). Start-up does not wait on (or fail for) the listener.
 */
export function listenForRoleChanges(options: { databaseUrl: string; sessions: SessionCache; log: Logger; retryMs?: number }): NoticeListener {
  return listenForNotices({
    databaseUrl: options.databaseUrl,
    channel: USER_ROLE_CHANNEL,
    applicationName: 'shunkan-role-listener',
    retryMs: options.retryMs ?? 2_000,
    onNotice: (uid) => {
      if (uid) options.sessions.forget(uid);
    },
    onLive: () => options.sessions.clear(),
    onLost: (error) => {
      options.sessions.clear();
      options.log.warn({ err: error }, 'role change listener lost its connection; reconnecting');
    },
  });
}
