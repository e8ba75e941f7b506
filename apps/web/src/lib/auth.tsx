import type { User } from 'firebase/auth';
import { notify } from '@shunkan/ui/toaster';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hasSessionHint, isFirebaseRequested, loadFirebase, onFirebaseLoaded, readSession, setSessionHint, takeSignOutHere } from './firebase';
import { AUTH_ON_DEMAND_PATHS, normalisePath } from './route-needs';

export type AuthState = {
  user: User | null;
  /** The SDK has loaded and reported the session (until then `user` is null). */
  initialized: boolean;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** From the server (subscription call), never decided in the browser. */
  isAdmin: boolean;
  /** Loads the Firebase SDK (once); `initialized` turns true when it has reported the session. */
  ensureAuth: () => void;
};

/** The server's subscription record of `uid`, as the data layer (./data-provider.tsx) last saw it. */
export type SubscriptionReport = { uid: string | null; loading: boolean; isAdmin: boolean };

/** Pages that load the Firebase SDK only when needed (lib/route-needs.ts); every other page loads it at once. */
export function isAuthOnDemandPath(pathname: string): boolean {
  return AUTH_ON_DEMAND_PATHS.has(normalisePath(pathname));
}

/**
 * On a page that loads the SDK on demand: whether the session is still being read. A browser holding a
 * session hint (or a page that already asked for the SDK) waits for the SDK's report; without either,
 * the visitor is a guest at once and no SDK is downloaded.
 */
export function isSessionPending(initialized: boolean): boolean {
  return !initialized && (hasSessionHint() || isFirebaseRequested());
}

const userChangeListeners = new Set<() => void>();

/** Called whenever the signed-in account changes (another account or sign-out), before the next render. */
export function onUserChange(listener: () => void): () => void {
  userChangeListeners.add(listener);
  return () => userChangeListeners.delete(listener);
}

async function notifySignedOutElsewhere() {
  const { TEXT } = await import('@shunkan/config/texts');
  notify({ type: 'info', title: TEXT.signedOutElsewhereTitle, description: TEXT.signedOutElsewhereBody });
}

const AuthContext = createContext<AuthState | null>(null);
const ReportContext = createContext<((report: SubscriptionReport) => void) | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Usually the SDK has read the session already: the guards of the first page waited for it (main.tsx).
  const [user, setUser] = useState<User | null>(() => readSession()?.user ?? null);
  const [initialized, setInitialized] = useState(() => readSession() !== null);
  const [subscription, setSubscription] = useState<SubscriptionReport>({ uid: null, loading: false, isAdmin: false });
  const lastUser = useRef(user);

  useEffect(() => {
    let unsubscribeToken: (() => void) | undefined;
    const unsubscribeLoaded = onFirebaseLoaded(({ auth, onIdTokenChanged }) => {
      unsubscribeToken = onIdTokenChanged(auth, (next) => {
        const hadUser = lastUser.current !== null;
        lastUser.current = next;
        // Signed out elsewhere (another tab's logout, an expired or revoked sign-in): the guard sends
        // this tab to /login on its own, and without a word the learner would not know why.
        if (hadUser && !next && !takeSignOutHere()) void notifySignedOutElsewhere();
        setSessionHint(Boolean(next));
        setUser((previous) => {
          if (previous?.uid !== next?.uid) for (const listener of userChangeListeners) listener();
          return next;
        });
        setInitialized(true);
      });
    });
    if (!isAuthOnDemandPath(window.location.pathname) || hasSessionHint()) void loadFirebase();
    return () => {
      unsubscribeLoaded();
      unsubscribeToken?.();
    };
  }, []);

  const ensureAuth = useCallback(() => void loadFirebase(), []);

  const value = useMemo<AuthState>(() => {
    // Until the data layer has reported on this very account, its admin role is still loading.
    const current = Boolean(user) && subscription.uid === user?.uid;
    return {
      user,
      initialized,
      isLoading: !initialized || (Boolean(user) && (!current || subscription.loading)),
      isAuthenticated: Boolean(user),
      isAdmin: current && subscription.isAdmin,
      ensureAuth,
    };
  }, [user, initialized, subscription, ensureAuth]);

  return (
    <ReportContext.Provider value={setSubscription}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </ReportContext.Provider>
  );
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

export function useReportSubscription(): (report: SubscriptionReport) => void {
  const value = useContext(ReportContext);
  if (!value) throw new Error('useReportSubscription outside AuthProvider');
  return value;
}
