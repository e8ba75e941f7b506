import { onIdTokenChanged, type User } from 'firebase/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getFirebaseAuth } from './firebase';
import { trpc } from './trpc';

export type AuthState = {
  user: User | null;
  initialized: boolean;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** From the server (subscription call), never decided in the browser. */
  isAdmin: boolean;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [initialized, setInitialized] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    const auth = getFirebaseAuth();
    return onIdTokenChanged(auth, (next) => {
      setUser((previous) => {
        // A different account (or sign-out) must never see the previous account's cached data.
        if (previous?.uid !== next?.uid) queryClient.clear();
        return next;
      });
      setInitialized(true);
    });
  }, [queryClient]);

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
    }),
    [user, initialized, subscription.isLoading, subscription.data?.isAdmin],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
