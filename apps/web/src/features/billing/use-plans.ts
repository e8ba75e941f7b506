import type { RouterOutputs } from '@shunkan/api-router';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';

export type TSubscription = RouterOutputs['subscription']['current'];

/** The signed-in learner's subscription view; nothing for a guest. */
export function useSubscription() {
  const { user } = useAuth();
  return trpc.subscription.current.useQuery(undefined, { enabled: Boolean(user), staleTime: 0 });
}
