import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from '../features/layout/fallbacks';
import { RootLayout } from '../features/layout/root-layout';
import type { RouterContext } from '../lib/session';

/** Every page: the layout (data layer, session wait), the 404 and the error page. Guards: lib/guards.ts. */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
