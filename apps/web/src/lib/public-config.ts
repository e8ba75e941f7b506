import type { RouterOutputs } from '@shunkan/api-router';

/**
 * Runtime configuration served by the API, so one build runs against any environment, with the plan
 * catalogue (admin-editable on the server), which plan selection, checkout and the payment results show
 * a guest without the data layer's download (decision 048).
 */
export type PublicConfig = {
  plans: RouterOutputs['plans']['list']['plans'];
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  billingMode: 'sandbox' | 'stripe';
  stripePublishableKey: string | null;
  aiMode: 'builtin' | 'gemini';
};

let config: PublicConfig | null = null;

export async function loadPublicConfig(): Promise<PublicConfig> {
  // A plain GET, so the browser reuses the response index.html preloads (a request header would not match).
  const response = await fetch('/api/public-config');
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  config = (await response.json()) as PublicConfig;
  return config;
}

export function getPublicConfig(): PublicConfig {
  if (!config) throw new Error('public config not loaded');
  return config;
}
