import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from '../features/layout/fallbacks';
import { RootLayout } from '../features/layout/root-layout';
import type { RouterContext } from '../lib/session';
import { APP_TITLE } from '@shunkan/config/routes';

/** Every page: the layout (data layer, session wait), the 404 and the error page. Guards: lib/guards.ts. */
export const Route = createRootRouteWithContext<RouterContext>()({
  // The product's name until a page names itself (lib/page-title.ts).
  head: () => ({ meta: [{ title: APP_TITLE }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
