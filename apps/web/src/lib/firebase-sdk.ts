// The Firebase Auth SDK (~50 KB gzip), loaded on demand through `loadFirebase()` (./firebase.ts), never
// imported statically: pages that need no account (terms, privacy, demo, an untouched login form) run
// without it.
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { PublicConfig } from './public-config';

export {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  getRedirectResult,
  GoogleAuthProvider,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  verifyPasswordResetCode,
} from 'firebase/auth';

export function initAuth(config: PublicConfig): Auth {
  const auth = getAuth(initializeApp(config.firebase));
  auth.languageCode = 'ja';
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
