import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { useEffect, type ReactNode } from 'react';
import { onUserChange, useAuth, useReportSubscription } from './auth';
import { createQueryClient, createTrpcClient, trpc } from './trpc';

// The data layer (TanStack Query and the tRPC client, ~40 KB gzip) is a chunk of its own, loaded by
// the pages that call the API (features/layout/root-layout.tsx), not by terms, privacy, login or signup.
const queryClient = createQueryClient();

/**
 * TanStack Query tells components of a change on a `setTimeout(0)` by default: for one task after a
 * click that started a mutation, `isPending` still read false and its button (Chakra's `loading`,
 * which disables it) still took clicks. A double click on 7日間無料トライアルを始める started the trial
 * and then showed 「無料トライアルはすでにご利用済みです。」; one on 作成する made the scenario twice
 * (decision 075). On a microtask the disabled button is drawn before the browser's next input event.
 */
notifyManager.setScheduler(queueMicrotask);
const trpcClient = createTrpcClient();
const queryUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });

/**
 * The signed-in user's subscription record from the server, for the router's guards (`beforeLoad`,
 * lib/guards.ts). It shares the pages' cache: a record read a moment ago (the same navigation's
 * preload) is not fetched twice; anything older is read again, so a payment just made opens the
 * practice screens.
 */
export function fetchSubscription() {
  return queryUtils.subscription.current.fetch(undefined, { staleTime: 2000 });
}

/** The record this page last read for the signed-in user (the cache is cleared when the user changes), if any. */
export function cachedSubscription() {
  return queryUtils.subscription.current.getData();
}

export { failureAnswerMessage, isUnreachable } from './trpc';

// A different account (or sign-out) must never see the previous account's cached data: cleared before
// the next render, as the session changes.
onUserChange(() => queryClient.clear());

/**
 * Reports the server's subscription record (admin role) to the auth state. A record the guards read a
 * moment ago (the same 2 s as `fetchSubscription`) is not fetched again as the page mounts.
 */
function SubscriptionBridge() {
  const { user } = useAuth();
  const report = useReportSubscription();
  const subscription = trpc.subscription.current.useQuery(undefined, { enabled: Boolean(user), staleTime: 2000 });
  const uid = user?.uid ?? null;
  const loading = Boolean(user) && subscription.isLoading;
  const isAdmin = subscription.data?.isAdmin === true;
  useEffect(() => {
    report({ uid, loading, isAdmin });
  }, [report, uid, loading, isAdmin]);
  return null;
}

export default function DataProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SubscriptionBridge />
        {children}
      </QueryClientProvider>
    </trpc.Provider>
  );
}
