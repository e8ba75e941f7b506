import { LEGACY_ADMIN_TOOL_PATHS, LEGACY_LOGIN_PATHS } from '@shunkan/config/routes';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import { RootLayout } from './features/layout/root-layout';
import { NotFoundPage, RouteErrorPage } from './features/layout/fallbacks';

const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

type Search = Record<string, unknown>;
const keepSearch = (search: Search) => search;

function page(path: string, load: () => Promise<Record<string, unknown>>, exportName: string): AnyRoute {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: keepSearch,
    component: lazyRouteComponent(load as never, exportName as never),
  });
}

const practice = () => import('./routes/home');
const auth = () => import('./routes/auth');
const authLinks = () => import('./routes/auth-links');
const legal = () => import('./routes/legal');
const billing = () => import('./routes/billing');

const routes: AnyRoute[] = [
  // Protected
  page('/', practice, 'HomePage'),
  page('/home', practice, 'HomePage'),
  page('/chat/$difficulty', practice, 'PracticeRoutePage'),
  page('/practice/$difficulty', practice, 'PracticeRoutePage'),
  page('/my-page', () => import('./routes/my-page'), 'MyPage'),
  page('/admin', () => import('./routes/admin'), 'AdminPage'),
  // Public: accounts
  page('/login', auth, 'LoginPage'),
  page('/signup', auth, 'SignupPage'),
  page('/signup-simple', auth, 'SimpleSignupPage'),
  page('/simple-login', auth, 'SimpleLoginPage'),
  page('/logout', auth, 'LogoutPage'),
  page('/confirm', authLinks, 'ConfirmPage'),
  page('/auth-callback', authLinks, 'AuthCallbackPage'),
  page('/auth/callback', authLinks, 'AuthCallbackPage'),
  page('/password-reset', authLinks, 'PasswordResetPage'),
  page('/reset-password', authLinks, 'ResetPasswordPage'),
  page('/redirect-handler', authLinks, 'RedirectHandlerPage'),
  page('/auth-redirect', authLinks, 'AuthRedirectPage'),
  // Public: legal, demo
  page('/terms', legal, 'TermsPage'),
  page('/privacy', legal, 'PrivacyPage'),
  page('/demo', () => import('./routes/demo'), 'DemoPage'),
  // Public: plans and payment results
  page('/subscription-select', billing, 'SubscriptionSelectPage'),
  page('/subscription/select', billing, 'SubscriptionSelectPage'),
  page('/checkout', billing, 'CheckoutPage'),
  page('/payment-success', billing, 'PaymentSuccessPage'),
  page('/success', billing, 'PaymentSuccessPage'),
  page('/payment-cancelled', billing, 'PaymentCancelledPage'),
  page('/cancel', billing, 'PaymentCancelledPage'),
  // The spec's developer pages are not product features: admin tools or the login page.
  ...Object.entries(LEGACY_ADMIN_TOOL_PATHS).map(([path, tool]) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      validateSearch: keepSearch,
      // The tool opens with the query it was given (the payment debug tool reads session_id).
      beforeLoad: ({ search }) => {
        throw redirect({ to: '/admin', search: { ...search, tab: 'tools', tool }, replace: true });
      },
    }),
  ),
  ...LEGACY_LOGIN_PATHS.map((path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: () => {
        throw redirect({ to: '/login', replace: true });
      },
    }),
  ),
];

const routeTree = rootRoute.addChildren(routes);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingMinMs: 0,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
