/**
 * What a page needs besides its own code, by path. Read by the app (lib/auth.tsx, the root layout) and
 * by the build (build/route-preloads.ts), which names the same chunks in the page's HTML.
 */

/**
 * Pages that render without the Firebase SDK: they load it only when the visitor starts signing in or
 * this browser holds a session (lib/firebase.ts `hasSessionHint`). Every other page loads it at once.
 */
export const AUTH_ON_DEMAND_PATHS: ReadonlySet<string> = new Set([
  '/terms',
  '/privacy',
  '/demo',
  '/login',
  '/signup',
  '/signup-simple',
  '/simple-login',
  // The payment-cancelled page shows the catalogue's benefits to whoever lands there; it needs no account.
  '/payment-cancelled',
  '/cancel',
  // The reset-mail form loads the SDK on its first focus or submit; a guest's checkout asks them to log
  // in first (decision 044). A reset link (`?oobCode=`) loads it from the page.
  '/password-reset',
  '/checkout',
  // Plan selection shows the catalogue to a guest (whose trial button leads to signup).
  '/subscription-select',
  '/subscription/select',
  // Pages that read the session but show a guest what they show a signed-out visitor: the auth callback
  // (the link is invalid), the e-mail action handler (to /login) and the payment result (its texts and
  // the way into practice). A browser holding a session still loads the SDK at once and waits for it
  // (decision 048).
  '/auth-callback',
  '/auth/callback',
  '/auth-redirect',
  '/redirect-handler',
  '/payment-success',
  '/success',
]);

/**
 * Pages that render without the data layer's download (lib/data-provider.tsx): they never call the API,
 * or only from a part loaded later that brings the data layer itself (/demo's practice screen, /confirm's
 * subscription check after a confirmed address).
 */
export const NO_DATA_PATHS: ReadonlySet<string> = new Set([
  '/terms',
  '/privacy',
  '/login',
  '/signup',
  '/signup-simple',
  '/simple-login',
  '/demo',
  '/password-reset',
  '/reset-password',
  '/confirm',
  // Sign-out and the auth callbacks call no API, or (/auth-callback, for a signed-in account) load the
  // data layer for the one call they make (decision 048).
  '/logout',
  '/auth-callback',
  '/auth/callback',
  '/auth-redirect',
  '/redirect-handler',
  // The payment-cancelled page shows the catalogue, which comes with the configuration (decision 048).
  '/payment-cancelled',
  '/cancel',
]);

/**
 * Pages whose guest view calls no API (the plan catalogue comes with the configuration): the data layer
 * loads only in a browser holding a session hint or once someone is signed in (decision 048). Their
 * guest views use no data-layer hook.
 */
export const SESSION_DATA_PATHS: ReadonlySet<string> = new Set([
  '/checkout',
  '/subscription-select',
  '/subscription/select',
  '/payment-success',
  '/success',
]);

/** Whether `pathname` needs the data layer, for a visitor who is (or whose browser hints they are) signed in or not. */
export function needsDataLayer(pathname: string, signedIn: boolean): boolean {
  const path = normalisePath(pathname);
  return !NO_DATA_PATHS.has(path) && (signedIn || !SESSION_DATA_PATHS.has(path));
}

/**
 * Pages that, opened in a browser holding a session, first paint a shell of their own while the session
 * restores and the guards run (main.tsx, features/practice/practice-frame.tsx); their HTML names only the
 * shell's chunks, and the app starts the page's others once the shell is painted.
 */
export const SHELL_PATHS: ReadonlySet<string> = new Set(['/practice/$difficulty', '/chat/$difficulty']);

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
