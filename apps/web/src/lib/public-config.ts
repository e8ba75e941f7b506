/** Runtime configuration served by the API, so one build runs against any environment. */
export type PublicConfig = {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  billingMode: 'sandbox' | 'stripe';
  stripePublishableKey: string | null;
  aiMode: 'builtin' | 'gemini';
};

let config: PublicConfig | null = null;

export async function loadPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/public-config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  config = (await response.json()) as PublicConfig;
  return config;
}

export function getPublicConfig(): PublicConfig {
  if (!config) throw new Error('public config not loaded');
  return config;
}
