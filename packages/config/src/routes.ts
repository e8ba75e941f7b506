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

/** The product's name: the document title of a page without its own, and the end of every other. */
export const APP_TITLE = '瞬間英作文 Shunkan';

/**
 * Each page's document title (WCAG 2.4.2): a browser tab, the history list and a screen reader on
 * arriving name the page, not only the product. Mostly the page's own heading.
 */
export const PAGE_TITLE = {
  home: 'レベル選択',
  practice: '練習',
  myPage: 'マイページ',
  admin: '管理ダッシュボード',
  login: 'ログイン',
  signup: '新規登録',
  signupSimple: 'かんたん登録',
  terms: '利用規約',
  privacy: 'プライバシーポリシー',
  passwordReset: 'パスワードの再設定',
  resetPassword: '新しいパスワードの設定',
  subscriptionSelect: 'プランを選択',
  checkout: '決済情報入力',
  paymentSuccess: '決済完了',
  paymentCancelled: '決済がキャンセルされました',
  confirm: 'メールアドレスの確認',
  authCallback: '認証処理',
  logout: 'ログアウト',
  demo: 'デモモード',
  notFound: '404 Page Not Found',
} as const;

/** 「ログイン | 瞬間英作文 Shunkan」; the product's name alone without a page. */
export function documentTitle(page?: string): string {
  return page ? `${page} | ${APP_TITLE}` : APP_TITLE;
}
