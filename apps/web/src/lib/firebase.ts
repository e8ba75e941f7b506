import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { PublicConfig } from './public-config';

let app: FirebaseApp | null = null;
let auth: Auth | null = null;

export function initFirebase(config: PublicConfig): Auth {
  if (auth) return auth;
  app = initializeApp(config.firebase);
  auth = getAuth(app);
  auth.languageCode = 'ja';
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

export function getFirebaseAuth(): Auth {
  if (!auth) throw new Error('firebase not initialised');
  return auth;
}

/** The current user's ID token (refreshed by the SDK when near expiry), or null for a guest. */
export async function getIdToken(): Promise<string | null> {
  const user = auth?.currentUser;
  return user ? user.getIdToken() : null;
}
