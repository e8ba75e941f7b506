import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionSelectPage } from '../../pages/subscription-select';

/** `/subscription/select`: plan selection, as /subscription-select. */
export const Route = createFileRoute('/(aliases)/subscription/select')({
  component: SubscriptionSelectPage,
});
