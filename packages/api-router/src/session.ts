/**
 * Plain types shared by domain, providers and the request context. They live here, not in context.ts,
 * so that domain code never imports the context (context → domain → context was a circle).
 */

/** The caller, as our database knows them. */
export type SessionUser = {
  id: string;
  firebaseUid: string;
  email: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
};

export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** What the verified token says about the caller, the input of the user record. */
export type SessionClaims = { firebaseUid: string; email: string | null; emailVerified: boolean; promoteToAdmin: boolean };

/**
 * Per-process memory of the user records this instance has already reconciled with a token's claims,
 * so that an authenticated request costs no database write (and, within `ttlMs`, no read either).
 * Keyed by uid; an entry only answers for the exact same claims, so a changed e-mail address, a fresh
 * verification or a new admin claim reaches the database at once. The role is our database's: on a
 * PostgreSQL server every role change is announced (migration 0016) and each instance forgets that
 * user (apps/api role-listener.ts); `ttlMs` bounds what a missed notice can cost.
 */
export type SessionCache = {
  get(claims: SessionClaims, now: number): SessionUser | undefined;
  set(claims: SessionClaims, user: SessionUser, now: number): void;
  forget(firebaseUid: string): void;
  /** Forgets everyone (role notices may have been missed, e.g. while the listening connection was down). */
  clear(): void;
};

function claimsKey(claims: SessionClaims): string {
  return JSON.stringify([claims.email, claims.emailVerified, claims.promoteToAdmin]);
}

export function createSessionCache(options: { ttlMs?: number; maxEntries?: number } = {}): SessionCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const entries = new Map<string, { key: string; user: SessionUser; at: number }>();
  return {
    get(claims, now) {
      const entry = entries.get(claims.firebaseUid);
      if (!entry || entry.key !== claimsKey(claims) || now - entry.at > ttlMs) return undefined;
      return entry.user;
    },
    set(claims, user, now) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(claims.firebaseUid, { key: claimsKey(claims), user, at: now });
    },
    forget(firebaseUid) {
      entries.delete(firebaseUid);
    },
    clear() {
      entries.clear();
    },
  };
}
