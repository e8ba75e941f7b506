import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '../pages/password-reset';
import { actionSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/password-reset` (public): asks for a reset e-mail; with a reset link, the new-password form. */
export const Route = createFileRoute('/password-reset')({
  head: pageTitle('passwordReset'),
  validateSearch: actionSearch,
  component: function PasswordReset() {
    return <PasswordResetPage search={Route.useSearch()} />;
  },
});
