import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../pages/login';
import { redirectSignedIn } from '../lib/guards';
import { loginSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/login` (public): `?redirect=<path>` after signing in; a visitor already signed in goes home. */
export const Route = createFileRoute('/login')({
  head: pageTitle('login'),
  validateSearch: loginSearch,
  beforeLoad: redirectSignedIn,
  component: function Login() {
    return <LoginPage redirect={Route.useSearch().redirect} />;
  },
});
