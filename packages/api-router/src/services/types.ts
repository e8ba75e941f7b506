import type { PriceEnvPlanKey } from '@shunkan/config/admin';
import type { DailyLimits } from '../domain/access.js';
import type { PracticeServices } from '../domain/practice.js';
import type { Logger, SessionCache } from '../session.js';
import type { AuthVerifier } from './auth.js';
import type { BillingProvider } from './billing/types.js';

/** Long-lived services chosen once at start-up (auth mode, AI, billing). Extended by later domains. */
export type Services = {
  auth: AuthVerifier | null;
  adminEmails: readonly string[];
  log: Logger;
  /** Grading: the built-in evaluator (loaded once), the AI provider when configured, the verdict cache. */
  practice: PracticeServices;
  /** Daily problem limits per plan (configuration; the plan catalogue row wins for paid plans). */
  limits?: DailyLimits;
  /** Payments: Stripe with STRIPE_SECRET_KEY, otherwise the local sandbox (services/billing). */
  billing: BillingProvider;
  /** User records already reconciled with their token (session.ts); without it every request reads. */
  sessions?: SessionCache;
  /**
   * Stripe price ids fixed by STRIPE_PRICE_* at start-up, by admin key (standard_monthly ...): they win
   * over ids saved in the admin tools, which therefore refuse to change them (decision 009).
   */
  pinnedPriceIds?: Partial<Record<PriceEnvPlanKey, string>>;
  /** What the server was started with, for the admin health and configuration check (no secrets). */
  diagnostics?: Diagnostics;
};

export type Diagnostics = {
  authMode: 'emulator' | 'firebase';
  aiMode: 'gemini' | 'builtin';
  dbKind: 'pglite' | 'postgres';
  publicUrl: string | null;
  /** Which optional settings are present (true/false only, never their values). */
  settings: Record<string, boolean>;
  /** Problems found by the start-up checks (for example, Stripe prices that do not match the catalogue). */
  startupProblems: string[];
};
