import type { Auth } from 'firebase/auth';
import type * as FirebaseSdk from './firebase-sdk';
import { getPublicConfig } from './public-config';

type Sdk = typeof FirebaseSdk;
export type Firebase = Sdk & { auth: Auth };

let loading: Promise<Firebase> | null = null;
let loaded: Firebase | null = null;
/** The SDK has read the persisted session (`auth.authStateReady()` resolved). */
let sessionRead = false;
const listeners = new Set<(firebase: Firebase) => void>();

/** The Firebase Auth SDK, initialised once; the first call downloads it. */
export function loadFirebase(): Promise<Firebase> {
  loading ??= import('./firebase-sdk').then((sdk) => {
    loaded = { ...sdk, auth: sdk.initAuth(getPublicConfig()) };
    void loaded.auth.authStateReady().then(() => (sessionRead = true));
    for (const listener of listeners) listener(loaded);
    return loaded;
  });
  return loading;
}

let signingOutHere = false;

/**
 * Signs out from this tab (logout, account deletion, an unverified login). A sign-out that does not
 * come through here (another tab's logout, a sign-in that expired or was revoked) is told to the
 * learner by the auth state (lib/auth.tsx), since the page then jumps to /login by itself.
 */
export async function signOutHere(fb: Firebase): Promise<void> {
  signingOutHere = true;
  await fb.signOut(fb.auth);
}

/** Whether the last sign-out came from this tab (read once, when the session ends). */
export function takeSignOutHere(): boolean {
  const here = signingOutHere;
  signingOutHere = false;
  return here;
}

/** Whether something has asked for the SDK (it may still be downloading). */
export function isFirebaseRequested(): boolean {
  return loading !== null;
}

/**
 * The session, when the SDK has already read it (a page's guards waited for it before the first render):
 * the auth state then starts from it instead of a spinner. Null until then.
 */
export function readSession(): { user: Auth['currentUser'] } | null {
  return loaded && sessionRead ? { user: loaded.auth.currentUser } : null;
}

/** Calls `listener` once the SDK is loaded (at once if it already is), whoever asked for it. */
export function onFirebaseLoaded(listener: (firebase: Firebase) => void): () => void {
  if (loaded) listener(loaded);
  else listeners.add(listener);
  return () => listeners.delete(listener);
}

// A hint, kept beside Firebase's own persistence, that this browser holds a session: public pages then
// load the SDK at once (a signed-in user on /login is sent home); without it they load it only when
// the visitor starts signing in.
const SESSION_HINT = 'shunkan.session';

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_HINT, '1');
    else window.localStorage.removeItem(SESSION_HINT);
  } catch {
    // Storage may be disabled (private mode): the SDK then loads when needed.
  }
}

/**
 * The current user's ID token (refreshed by the SDK when near expiry), or null for a guest. A guest
 * who never loaded the SDK and has no session costs no download.
 */
export async function getIdToken(): Promise<string | null> {
  if (!loaded && !hasSessionHint()) return null;
  const { auth } = await loadFirebase();
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? user.getIdToken() : null;
}
