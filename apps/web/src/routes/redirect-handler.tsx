import { createFileRoute } from '@tanstack/react-router';
import { AuthRedirectPage } from '../pages/auth-redirect';
import { actionSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/redirect-handler` (public): as /auth-redirect. */
export const Route = createFileRoute('/redirect-handler')({
  head: pageTitle('authCallback'),
  validateSearch: actionSearch,
  component: function RedirectHandler() {
    return <AuthRedirectPage search={Route.useSearch()} />;
  },
});
