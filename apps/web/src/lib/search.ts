/**
 * The search parameters of every route, validated with zod (each route's `validateSearch`).
 *
 * zod/mini, not classic zod: these schemas are part of the route tree, which every page loads first
 * (docs/decisions/014-web-first-load.md), and zod/mini tree-shakes to what is used. A parameter that
 * does not validate is dropped (`z.catch`), as the screens ignored a malformed link before; it never
 * turns into an error page.
 */
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { PLAN_IDS } from '@shunkan/config/plan-ids';
import * as z from 'zod/mini';
import { ADMIN_TAB_VALUES } from '../features/admin/tabs';

/** An optional parameter: the value when `schema` accepts it, else absent. */
function optional<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

const text = z.string().check(z.maxLength(2000));

/**
 * A same-site path (no open redirect): starts with one slash, no backslash, and no control character: a URL
 * parser drops tabs and newlines, so "/\t/evil.example" would read as "//evil.example".
 */
export const sameSitePath = z
  .string()
  .check(
    z.maxLength(2000),
    z.refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && ![...value].some((c) => c <= '\u001F' || c === '\u007F')),
  );

/** `?trial=true` arrives as the boolean true (TanStack's JSON search parsing) or as the string. */
const flag = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false'])]),
  z.transform((value) => value === true || value === 'true'),
);

export const levelKey = z.enum(LEVEL_KEYS);

/** /login and /simple-login: where to go after signing in. */
export const loginSearch = z.object({ redirect: optional(sameSitePath) });

/** / and /home: `?difficulty=<level>` opens the practice screen. */
export const homeSearch = z.object({ difficulty: optional(levelKey) });

/** /practice/{level} and /chat/{level}: a review session or a custom scenario. */
export const practiceSearch = z.object({ mode: optional(z.literal('review')), scenario: optional(text) });

/** /my-page: `?portal=sandbox` is the sandbox billing's stand-in for Stripe's customer portal. */
export const myPageSearch = z.object({ portal: optional(z.literal('sandbox')) });

/** /admin: the tab, the tool a legacy developer page opens, and a checkout return's session_id. */
export const adminSearch = z.object({
  tab: optional(z.enum(ADMIN_TAB_VALUES)),
  tool: optional(text),
  session_id: optional(text),
});

/** Firebase's e-mail action links (verification, password reset) and the Google sign-in callback. */
export const actionSearch = z.object({
  mode: optional(text),
  oobCode: optional(text),
  apiKey: optional(text),
  continueUrl: optional(text),
  lang: optional(text),
  error: optional(text),
});

/** /checkout: the plan (unknown ids read as standard) and, from a sandbox session, where cancel goes. */
export const checkoutSearch = z.object({ plan: optional(z.enum(PLAN_IDS)), cancel: optional(text) });

/** /payment-success and /success: a started trial, or the plan paid for; Stripe's return parameters. */
export const paymentSuccessSearch = z.object({
  trial: optional(flag),
  plan: optional(z.enum(PLAN_IDS)),
  redirect_status: optional(text),
  session_id: optional(text),
});

/** The catch-all route: the legacy payment debug page passes session_id on to the admin tool. */
export const legacySearch = z.object({ session_id: optional(text) });

export type LoginSearch = z.output<typeof loginSearch>;
export type PracticeSearch = z.output<typeof practiceSearch>;
export type AdminSearch = z.output<typeof adminSearch>;
export type ActionSearch = z.output<typeof actionSearch>;
export type CheckoutSearch = z.output<typeof checkoutSearch>;
export type PaymentSuccessSearch = z.output<typeof paymentSuccessSearch>;
