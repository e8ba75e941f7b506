import type { RouterOutputs } from '@shunkan/api-router';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';

export type CatalogPlan = RouterOutputs['plans']['list']['plans'][number];
export type TSubscription = RouterOutputs['subscription']['current'];

/** The plan catalogue (admin-editable on the server; prices in integer yen). */
export function usePlans() {
  return trpc.plans.list.useQuery(undefined, { staleTime: 60_000 });
}

export function findCatalogPlan(plans: readonly CatalogPlan[] | undefined, id: string | null | undefined): CatalogPlan | undefined {
  return plans?.find((plan) => plan.id === id);
}

/** The signed-in learner's subscription view; nothing for a guest. */
export function useSubscription() {
  const { user } = useAuth();
  return trpc.subscription.current.useQuery(undefined, { enabled: Boolean(user), staleTime: 0 });
}
