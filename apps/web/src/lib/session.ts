import type { User } from 'firebase/auth';
import { hasSessionHint, loadFirebase } from './firebase';

/**
 * The auth state as the router's guards read it (router context `auth`, lib/guards.ts). Unlike the
 * React auth state (lib/auth.tsx), each read waits for what it needs: the Firebase SDK's report of the
 * session, or the server's subscription record.
 */
export type AuthSession = {
  /** The signed-in user once the SDK has reported the session (downloads the SDK the first time). */
  currentUser(): Promise<User | null>;
  /** Whether this browser held a session when it last looked, without downloading anything. */
  hasSessionHint(): boolean;
  /**
   * The server's answer for the signed-in user: admin role, and access to practice (an active
   * subscription or trial). The server checks both again on every call; this only spares a failing screen.
   */
  access(): Promise<Access>;
};

/**
 * `unreachable`: the server could not be asked (down, or the network gone) or failed to answer (a 500,
 * a proxy's 503 page); nothing is known. `failure`: what answered said so (the server's message), in
 * which case the screen says that rather than that it could not connect (decision 087).
 */
export type Access = { isAdmin: boolean; hasAccess: boolean; unreachable?: boolean; failure?: string };

export type RouterContext = { auth: AuthSession };

export const authSession: AuthSession = {
  async currentUser() {
    const { auth } = await loadFirebase();
    await auth.authStateReady();
    return auth.currentUser;
  },
  hasSessionHint,
  async access() {
    const { cachedSubscription, failureAnswerMessage, fetchSubscription, isUnreachable } = await import('./data-provider');
    try {
      const record = await fetchSubscription();
      return { isAdmin: record.isAdmin, hasAccess: record.hasAccess };
    } catch (error) {
      // A record the server refused shows the subscription card, as before the guards moved to the
      // router. A server that could not be asked is not a "no": the record this page read before
      // holds (the screen then shows its own errors, e.g. on an admin's tab switch), and without one
      // the screen says the server could not be reached, instead of telling a paying learner (or an
      // admin) that they have no access (decision 061).
      if (!isUnreachable(error)) return { isAdmin: false, hasAccess: false };
      const cached = cachedSubscription();
      if (cached) return { isAdmin: cached.isAdmin, hasAccess: cached.hasAccess };
      return { isAdmin: false, hasAccess: false, unreachable: true, failure: failureAnswerMessage(error) };
    }
  },
};
