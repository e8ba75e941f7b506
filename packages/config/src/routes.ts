/** Paths shown without login (spec section 2). Everything else needs a signed-in user. */
export const PUBLIC_PATHS = [
  '/login', '/signup', '/signup-simple', '/auth-callback', '/auth/callback', '/confirm', '/terms', '/privacy',
  '/password-reset', '/reset-password', '/simple-login', '/redirect-handler', '/auth-redirect',
  '/subscription-select', '/subscription/select', '/checkout', '/payment-success', '/payment-cancelled',
  '/success', '/cancel', '/logout', '/demo',
] as const;

/**
 * The spec's developer/debug paths. They are not product features (DECISIONS.md): each leads to the
 * admin tools (which need an admin) or, for the many login-test pages, to /login.
 */
export const LEGACY_ADMIN_TOOL_PATHS: Record<string, string> = {
  '/create-admin': 'admin-setup',
  '/admin-setup': 'admin-setup',
  '/stripe-test': 'checkout-test',
  '/price-check': 'price-check',
  '/stripe-price-check': 'price-check',
  '/plan-configuration': 'plan-configuration',
  '/price-setup': 'price-setup',
  '/debug-payment': 'payment-debug',
  '/stripe-checkout-debug': 'payment-debug',
  '/debug': 'health',
  '/comprehensive-debug': 'health',
  '/supabase-config-check': 'health',
  '/supabase-connection-test': 'health',
  '/network-cors-test': 'health',
  '/session-debug': 'health',
};

export const LEGACY_LOGIN_PATHS = [
  '/debug-auth', '/login-test', '/test-hash', '/debug-email', '/email-test', '/fix-email', '/direct-access',
  '/test-actual-link', '/oauth-fix', '/emergency-login', '/working-login', '/final-auth-test', '/replit-auth-fix',
  '/emergency-auth-fix', '/auth-test', '/auth-debug-test', '/login-debug', '/auth-test-complete',
  '/simple-auth-test', '/iframe-auth-test',
] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (PUBLIC_PATHS as readonly string[]).includes(path) ||
    path in LEGACY_ADMIN_TOOL_PATHS ||
    (LEGACY_LOGIN_PATHS as readonly string[]).includes(path)
  );
}
