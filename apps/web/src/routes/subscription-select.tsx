import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionSelectPage } from '../pages/subscription-select';
import { pageTitle } from '../lib/page-title';

/** `/subscription-select`: plan selection (public). */
export const Route = createFileRoute('/subscription-select')({
  head: pageTitle('subscriptionSelect'),
  component: SubscriptionSelectPage,
});
