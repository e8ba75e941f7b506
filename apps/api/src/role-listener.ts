import type { SessionCache, Logger } from '@shunkan/api-router/session';
import type { NoticeHub, NoticeListener } from '@shunkan/db/notice-listener';

export const USER_ROLE_CHANNEL = 'shunkan_user_role';

/**
 * Listens on the PostgreSQL server for role changes (migration 0016 announces each one with the user's
 * Firebase uid) and drops that user's cached session, so a role granted or withdrawn on any instance
 * counts here at the next request. While the connection is down notices can be missed: the whole
 * cache is dropped when it is lost and again when it is back (and the cache's 30 s bound holds
 * meanwhile). Start-up does not wait on (or fail for) the listener.
 */
export function listenForRoleChanges(options: { hub: NoticeHub; sessions: SessionCache; log: Logger }): NoticeListener {
  return options.hub.subscribe(USER_ROLE_CHANNEL, {
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
