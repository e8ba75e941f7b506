import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../../pages/auth-callback';
import { actionSearch } from '../../lib/search';
import { pageTitle } from '../../lib/page-title';

/** `/auth/callback` (public): as /auth-callback. */
export const Route = createFileRoute('/(aliases)/auth/callback')({
  head: pageTitle('authCallback'),
  validateSearch: actionSearch,
  component: function AuthCallback() {
    return <AuthCallbackPage search={Route.useSearch()} />;
  },
});
