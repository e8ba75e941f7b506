import type { Db } from '@shunkan/db';
import { findDeletedAccount, upsertLiveUser } from '@shunkan/db/account-deletion';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import type { UserRow } from '@shunkan/db/schema';
import { AuthError, DeletedAccountError } from './services/auth.js';
import type { Services } from './services/types.js';
import type { SessionClaims, SessionUser } from './session.js';

export type { Logger, SessionUser } from './session.js';
export type { Diagnostics, Services } from './services/types.js';

export type Context = {
  db: Db;
  user: SessionUser | null;
  /** Set when a token was sent but could not be verified: protected procedures answer 401. */
  authError: AuthError | null;
  /** When the caller last signed in (the ID token's auth_time); null for guests. */
  authTime: Date | null;
  services: Services;
  now: () => Date;
  /**
   * Who the caller is for per-client limits: their address (behind a trusted proxy: the forwarded one),
   * an IPv6 address as its /64 network (apps/api client-key.ts).
   */
  clientIp: string | null;
  /**
   * Reads the caller's account record again, past the verifier's cache (at most once per request, a
   * tRPC batch included): rejects with an AuthError when the account was disabled, deleted or its tokens
   * revoked since. Admin procedures and billing writes call it (decision 060); resolves at once for a
   * guest or a caller built without a token (in-process callers of tests).
   */
  checkAccountNow: () => Promise<void>;
};

export function createContextInner(input: {
  db: Db;
  services: Services;
  user?: SessionUser | null;
  authError?: AuthError | null;
  authTime?: Date | null;
  now?: () => Date;
  clientIp?: string | null;
  /** The caller's ID token as sent, for checkAccountNow. */
  authToken?: string | null;
}): Context {
  const { authToken } = input;
  const verifier = input.services.auth;
  let accountCheck: Promise<void> | null = null;
  return {
    checkAccountNow: () =>
      (accountCheck ??= authToken && verifier ? verifier.verify(authToken, { fresh: true }).then(() => undefined) : Promise.resolve()),
    db: input.db,
    services: input.services,
    user: input.user ?? null,
    authError: input.authError ?? null,
    authTime: input.authTime ?? null,
    now: input.now ?? (() => new Date()),
    clientIp: input.clientIp ?? null,
  };
}

export function readBearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? '';
}

/**
 * Resolves the caller from an Authorization header value. A missing header means a guest; a header
 * that fails verification yields `authError` (never a guest silently treated as signed in).
 */
export async function resolveSessionUser(
  db: Db,
  services: Services,
  authorization: string | string[] | undefined,
  now: Date,
): Promise<{ user: SessionUser | null; authError: AuthError | null; authTime: Date | null }> {
  const token = readBearerToken(authorization);
  if (token === null) return { user: null, authError: null, authTime: null };
  if (!services.auth) return { user: null, authError: new AuthError('invalid', 'auth is not configured'), authTime: null };
  try {
    const identity = await services.auth.verify(token);
    const email = identity.email?.toLowerCase() ?? null;
    // ADMIN_EMAILS only counts for a verified address: anyone can sign up with any address.
    const isListedAdmin = Boolean(email && identity.emailVerified && services.adminEmails.includes(email));
    const claims: SessionClaims = {
      firebaseUid: identity.uid,
      email,
      emailVerified: identity.emailVerified,
      promoteToAdmin: identity.hasAdminClaim || isListedAdmin,
    };
    const authTime = new Date(identity.authTime * 1000);
    const cached = services.sessions?.get(claims, now.getTime());
    if (cached) return { user: cached, authError: null, authTime };
    const verifier = services.auth;
    // The verifier keeps an account record for seconds (USER_CACHE_MS): a claim an admin has just taken
    // away with the role would otherwise promote its holder again. A promotion is rare, so the claim is
    // read afresh before it writes the role.
    const claimStillHeld = isListedAdmin ? undefined : async () => (await verifier.verify(token, { fresh: true })).hasAdminClaim;
    const user = toSessionUser(await reconcileUser(db, claims, now, claimStillHeld));
    services.sessions?.set(claims, user, now.getTime());
    return { user, authError: null, authTime };
  } catch (error) {
    if (error instanceof AuthError) return { user: null, authError: error, authTime: null };
    throw error;
  }
}

/** How stale `last_seen_at` may get: refreshing it on every request would make every read a write. */
const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;

/**
 * The user record for these claims: read, and written only when it is missing, when the token says
 * something new (e-mail, verification, admin claim) or when `last_seen_at` is over an hour old.
 */
async function reconcileUser(db: Db, sessionClaims: SessionClaims, now: Date, claimStillHeld?: () => Promise<boolean>): Promise<UserRow> {
  const row = await findUserByFirebaseUid(db, sessionClaims.firebaseUid);
  let claims = sessionClaims;
  if (claims.promoteToAdmin && row?.role !== 'admin' && claimStillHeld && !(await claimStillHeld())) claims = { ...claims, promoteToAdmin: false };
  const isCurrent =
    row &&
    row.email === claims.email &&
    row.email_verified === claims.emailVerified &&
    (!claims.promoteToAdmin || row.role === 'admin') &&
    row.last_seen_at !== null &&
    now.getTime() - row.last_seen_at.getTime() < LAST_SEEN_RESOLUTION_MS;
  if (isCurrent) return row;
  // A deleted account's token (still valid for up to an hour, or its Firebase deletion pending a retry)
  // must not bring the record back (decision 059): the insert is refused where deleted_accounts names it.
  const upserted = await upsertLiveUser(db, { ...claims, now });
  if (upserted) return upserted;
  if (await findDeletedAccount(db, claims.firebaseUid)) throw new DeletedAccountError(claims.firebaseUid);
  throw new Error('user record neither found nor written');
}

function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, firebaseUid: row.firebase_uid, email: row.email, emailVerified: row.email_verified, isAdmin: row.role === 'admin' };
}
