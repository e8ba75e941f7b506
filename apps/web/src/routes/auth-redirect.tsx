import { createFileRoute } from '@tanstack/react-router';
import { AuthRedirectPage } from '../pages/auth-redirect';
import { actionSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/auth-redirect` (public): Firebase's e-mail action handler. */
export const Route = createFileRoute('/auth-redirect')({
  head: pageTitle('authCallback'),
  validateSearch: actionSearch,
  component: function AuthRedirect() {
    return <AuthRedirectPage search={Route.useSearch()} />;
  },
});
