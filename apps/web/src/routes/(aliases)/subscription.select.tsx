import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionSelectPage } from '../../pages/subscription-select';
import { pageTitle } from '../../lib/page-title';

/** `/subscription/select`: plan selection, as /subscription-select. */
export const Route = createFileRoute('/(aliases)/subscription/select')({
  head: pageTitle('subscriptionSelect'),
  component: SubscriptionSelectPage,
});
