import { type App, cert, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { TEXT } from '@shunkan/config/texts';
import { AppError } from '../errors.js';

/** What the server knows about a caller after verifying their Firebase ID token. */
export type VerifiedIdentity = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** From the server-side user record's custom claims, never from the token itself. */
  hasAdminClaim: boolean;
  /** When the user last signed in (the token's `auth_time`, seconds): recent sign-in checks (decision 059). */
  authTime: number;
};

export class AuthError extends Error {
  constructor(
    readonly code: 'missing' | 'malformed' | 'expired' | 'revoked' | 'unknown-user' | 'disabled' | 'invalid' | 'deleted',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A valid token of an account whose data has been deleted (decision 059): the caller is no one, but a
 * repeat of the deletion may still finish the Firebase part, so the uid rides along.
 */
export class DeletedAccountError extends AuthError {
  constructor(readonly firebaseUid: string) {
    super('deleted', 'account deleted');
  }
}

export type AuthVerifier = {
  /**
   * Checks the token and the account's user record (disabled, deleted, tokens revoked). The record is
   * kept for USER_CACHE_MS per token; `fresh` reads it again whatever the cache holds (decision 060:
   * admin procedures and billing writes).
   */
  verify(idToken: string, options?: { fresh?: boolean }): Promise<VerifiedIdentity>;
  /** The admin SDK, for account management (create-admin command, password reset links). */
  auth: Auth;
  isEmulator: boolean;
};

export type FirebaseAdminOptions = {
  projectId: string;
  /** host:port of the Auth emulator; when set, tokens are unsigned and only the emulator is trusted. */
  emulatorHost?: string;
  /** Service-account JSON for real Firebase (otherwise Application Default Credentials). */
  serviceAccountJson?: string;
  /**
   * Deadline of one call to the Auth provider (token check with its key fetch, user record read).
   * firebase-admin has none of its own and retries timeouts with back-off, so a provider that does not
   * answer would hold the request for many seconds; past the deadline the request answers 503.
   */
  timeoutMs?: number;
};

export const DEFAULT_AUTH_TIMEOUT_MS = 3000;

/** The Auth provider did not answer in time: the caller hears 503, the token is not taken as valid. */
class AuthProviderTimeoutError extends Error {
  readonly code = 'app/network-timeout';
  constructor(ms: number) {
    super(`the Auth provider did not answer within ${ms} ms`);
  }
}

/** `call` settled within `ms`, or an AuthProviderTimeoutError (the call itself is left to finish or fail). */
async function withDeadline<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AuthProviderTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const USER_CACHE_MS = 10_000;

/**
 * The Auth provider could not be asked (network down, emulator stopped, Google's key endpoint failing):
 * the token may be perfectly good, so the caller hears 503 "try again", never 401 "log in again".
 */
export function isAuthProviderUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  if (code === 'app/network-error' || code === 'app/network-timeout' || code === 'auth/internal-error') return true;
  // A failed fetch of Google's public keys surfaces as an argument error naming the fetch.
  return code === 'auth/argument-error' && /fetch/i.test(message);
}

function authUnavailable(cause: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', TEXT.authUnavailable, { cause });
}

export function createFirebaseVerifier(options: FirebaseAdminOptions): AuthVerifier {
  if (options.emulatorHost) {
    // firebase-admin reads the emulator address from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  }
  const name = `shunkan-${options.projectId}`;
  const existing = getApps().find((a) => a.name === name);
  const app: App =
    existing ??
    initializeApp(
      options.serviceAccountJson && !options.emulatorHost
        ? { credential: cert(JSON.parse(options.serviceAccountJson)), projectId: options.projectId }
        : { projectId: options.projectId },
      name,
    );
  const auth = getAuth(app);
  const timeoutMs = options.timeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
  const userCache = new Map<string, { at: number; identity: VerifiedIdentity; validSince: number }>();

  return {
    auth,
    isEmulator: Boolean(options.emulatorHost),
    async verify(idToken, verifyOptions) {
      if (!idToken || idToken.split('.').length !== 3) throw new AuthError('malformed', 'malformed token');
      let decoded: { uid: string; iat: number; auth_time: number };
      try {
        // firebase-admin asks the emulator for the user record on every emulator token it verifies (an
        // HTTP round trip per request, the largest cost of an authenticated read); the record is asked
        // below anyway, at most every USER_CACHE_MS per token. Emulator tokens are unsigned, so reading
        // them here checks exactly what the SDK checks: audience, issuer, subject and times.
        decoded = options.emulatorHost ? readEmulatorToken(idToken, options.projectId, Date.now()) : await withDeadline(auth.verifyIdToken(idToken), timeoutMs);
      } catch (error) {
        if (error instanceof AuthError) throw error;
        if (isAuthProviderUnavailable(error)) throw authUnavailable(error);
        const code = (error as { code?: string }).code ?? '';
        if (code === 'auth/id-token-expired') throw new AuthError('expired', 'token expired');
        if (code === 'auth/argument-error') throw new AuthError('malformed', 'malformed token');
        throw new AuthError('invalid', 'invalid token');
      }
      // Roles and existence come from the server's own user record: emulator tokens are unsigned, so
      // anything inside the token (including an `admin` claim) could have been written by the caller.
      // Keyed by issue time too: a refreshed token (e.g. right after e-mail verification) rereads the record.
      const cacheKey = `${decoded.uid}:${decoded.iat}`;
      const cached = userCache.get(cacheKey);
      if (cached && !verifyOptions?.fresh && Date.now() - cached.at < USER_CACHE_MS) {
        if (decoded.auth_time * 1000 < cached.validSince) throw new AuthError('revoked', 'token revoked');
        return { ...cached.identity, authTime: decoded.auth_time };
      }
      let record;
      try {
        record = await withDeadline(auth.getUser(decoded.uid), timeoutMs);
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') throw new AuthError('unknown-user', 'unknown user');
        // Anything else is the provider failing, not the caller: quota, network, an emulator that stopped.
        throw authUnavailable(error);
      }
      if (record.disabled) throw new AuthError('disabled', 'account disabled');
      const validSince = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
      if (decoded.auth_time * 1000 < validSince) throw new AuthError('revoked', 'token revoked');
      const identity: VerifiedIdentity = {
        uid: record.uid,
        email: record.email ?? null,
        emailVerified: record.emailVerified,
        hasAdminClaim: record.customClaims?.admin === true,
        authTime: decoded.auth_time,
      };
      userCache.set(cacheKey, { at: Date.now(), identity, validSince });
      if (userCache.size > 10_000) userCache.clear();
      return identity;
    },
  };
}

/**
 * The claims of an Auth emulator ID token (unsigned, `alg: none`), checked as firebase-admin checks
 * them in emulator mode: audience and issuer of this project, a subject, issued in the past, not expired.
 */
export function readEmulatorToken(idToken: string, projectId: string, nowMs: number): { uid: string; iat: number; auth_time: number } {
  const [header, payload] = idToken.split('.');
  let claims: Record<string, unknown>;
  try {
    const head = JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8')) as { alg?: unknown };
    claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    if (head.alg !== 'none' || typeof claims !== 'object' || claims === null) throw new Error('not an emulator token');
  } catch {
    throw new AuthError('malformed', 'malformed token');
  }
  const { sub, iat, exp, aud, iss } = claims;
  const authTime = claims.auth_time;
  const now = nowMs / 1000;
  if (typeof sub !== 'string' || sub === '' || sub.length > 128 || typeof iat !== 'number' || typeof exp !== 'number' || typeof authTime !== 'number') {
    throw new AuthError('invalid', 'invalid token');
  }
  if (aud !== projectId || iss !== `https://securetoken.google.com/${projectId}` || iat > now + 300) throw new AuthError('invalid', 'invalid token');
  if (exp <= now) throw new AuthError('expired', 'token expired');
  return { uid: sub, iat, auth_time: authTime };
}
