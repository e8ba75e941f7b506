import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../pages/auth-callback';
import { actionSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/auth-callback` (public): after Google sign-in or an e-mail link. */
export const Route = createFileRoute('/auth-callback')({
  head: pageTitle('authCallback'),
  validateSearch: actionSearch,
  component: function AuthCallback() {
    return <AuthCallbackPage search={Route.useSearch()} />;
  },
});
