import { Alert } from '@chakra-ui/react';
import { BILLING_UI_TEXT } from '@shunkan/config/billing';
import { errorMessage } from '../../lib/trpc';

/** The learner's subscription could not be read: the error's Japanese message, or the page's (decision 080). */
export function SubscriptionUnreadable({ error }: { error: unknown }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator aria-hidden />
      <Alert.Title>{errorMessage(error, BILLING_UI_TEXT.subscriptionUnreadable)}</Alert.Title>
    </Alert.Root>
  );
}
