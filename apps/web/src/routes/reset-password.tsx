import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../pages/reset-password';
import { actionSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/reset-password` (public): the new password from a recovery link. */
export const Route = createFileRoute('/reset-password')({
  head: pageTitle('resetPassword'),
  validateSearch: actionSearch,
  component: function ResetPassword() {
    return <ResetPasswordPage search={Route.useSearch()} />;
  },
});
