import type { RouterOutputs } from '@shunkan/api-router';
import { getPublicConfig } from '../../lib/public-config';

export type CatalogPlan = RouterOutputs['plans']['list']['plans'][number];

/**
 * The plan catalogue (admin-editable on the server; prices in integer yen), as it came with the page's
 * configuration (`/api/public-config`, read before the first render): no call and no data layer, so a
 * guest's plan selection, checkout and payment results load none (decision 048). The same list as the
 * `plans.list` procedure.
 */
export function getPlanCatalogue(): readonly CatalogPlan[] {
  return getPublicConfig().plans;
}

export function findCatalogPlan(plans: readonly CatalogPlan[] | undefined, id: string | null | undefined): CatalogPlan | undefined {
  return plans?.find((plan) => plan.id === id);
}
