import type { User } from 'firebase/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { hasSessionHint, loadFirebase, onFirebaseLoaded, setSessionHint } from './firebase';
import { trpc } from './trpc';

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

/**
 * Pages that render without the Firebase SDK: they load it only when the visitor starts signing in or
 * this browser holds a session (see `hasSessionHint`). Every other page loads it at once.
 */
const AUTH_ON_DEMAND_PATHS = new Set(['/terms', '/privacy', '/demo', '/login', '/signup', '/signup-simple', '/simple-login']);

export function isAuthOnDemandPath(pathname: string): boolean {
  return AUTH_ON_DEMAND_PATHS.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [initialized, setInitialized] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    let unsubscribeToken: (() => void) | undefined;
    const unsubscribeLoaded = onFirebaseLoaded(({ auth, onIdTokenChanged }) => {
      unsubscribeToken = onIdTokenChanged(auth, (next) => {
        setSessionHint(Boolean(next));
        setUser((previous) => {
          // A different account (or sign-out) must never see the previous account's cached data.
          if (previous?.uid !== next?.uid) queryClient.clear();
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
  }, [queryClient]);

  const ensureAuth = useCallback(() => void loadFirebase(), []);

  const subscription = trpc.subscription.current.useQuery(undefined, {
    enabled: Boolean(user),
    staleTime: 0,
  });

  const value = useMemo<AuthState>(
    () => ({
      user,
      initialized,
      isLoading: !initialized || (Boolean(user) && subscription.isLoading),
      isAuthenticated: Boolean(user),
      isAdmin: Boolean(user) && subscription.data?.isAdmin === true,
      ensureAuth,
    }),
    [user, initialized, subscription.isLoading, subscription.data?.isAdmin, ensureAuth],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
