import { createFileRoute } from '@tanstack/react-router';
import { ConfirmPage } from '../pages/confirm';
import { actionSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/confirm` (public): applies an e-mail verification link. */
export const Route = createFileRoute('/confirm')({
  head: pageTitle('confirm'),
  validateSearch: actionSearch,
  component: function Confirm() {
    return <ConfirmPage search={Route.useSearch()} />;
  },
});
