// The Firebase Auth SDK (~50 KB gzip), loaded on demand through `loadFirebase()` (./firebase.ts), never
// imported statically: pages that need no account (terms, privacy, demo, an untouched login form) run
// without it.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  getRedirectResult as getRedirectResultWith,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  reauthenticateWithPopup,
  signInWithPopup,
  type Auth,
  type User,
} from 'firebase/auth';
import type { PublicConfig } from './public-config';

export {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
} from 'firebase/auth';

export { GoogleAuthProvider };

/**
 * getAuth() as the browser build sets it up (the same persistence, IndexedDB first), without its popup
 * and redirect resolver: that one loads Google's api.js from apis.google.com as the SDK starts, on
 * every page with a session, in the way of the page's first paint. Only the Google sign-in uses it.
 */
export function initAuth(config: PublicConfig): Auth {
  const auth = initializeAuth(initializeApp(config.firebase), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  auth.languageCode = 'ja';
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** Google sign-in in a popup, with the resolver left out of initAuth. */
export function signInWithGooglePopup(auth: Auth, provider: GoogleAuthProvider) {
  return signInWithPopup(auth, provider, browserPopupRedirectResolver);
}

/** The result of a sign-in redirect (the auth callback page), with the resolver left out of initAuth. */
export function getRedirectResult(auth: Auth) {
  return getRedirectResultWith(auth, browserPopupRedirectResolver);
}

/** Google re-authentication before a sensitive operation (account deletion), in a popup. */
export function reauthenticateWithGooglePopup(user: User, provider: GoogleAuthProvider) {
  return reauthenticateWithPopup(user, provider, browserPopupRedirectResolver);
}
