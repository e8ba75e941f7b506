/** The plan ids (a module of its own: the web app's entry validates search parameters with them). */
export const PLAN_IDS = ['standard', 'standard-yearly', 'premium', 'premium-yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
