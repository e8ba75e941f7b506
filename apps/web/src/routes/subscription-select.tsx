import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionSelectPage } from '../pages/subscription-select';

/** `/subscription-select`: plan selection (public). */
export const Route = createFileRoute('/subscription-select')({
  component: SubscriptionSelectPage,
});
