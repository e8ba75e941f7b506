import { createFileRoute } from '@tanstack/react-router';
import { SimpleLoginPage } from '../pages/simple-login';
import { loginSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/simple-login` (public): the spec's minimal login form. */
export const Route = createFileRoute('/simple-login')({
  head: pageTitle('login'),
  validateSearch: loginSearch,
  component: function SimpleLogin() {
    return <SimpleLoginPage redirect={Route.useSearch().redirect} />;
  },
});
