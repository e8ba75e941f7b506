import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../pages/reset-password';
import { actionSearch } from '../lib/search';

/** `/reset-password` (public): the new password from a recovery link. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: actionSearch,
  component: function ResetPassword() {
    return <ResetPasswordPage search={Route.useSearch()} />;
  },
});
