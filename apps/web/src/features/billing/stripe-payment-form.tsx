import { Box, Stack } from '@chakra-ui/react';
import { notify } from '@shunkan/ui/toaster';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useKeepFocus } from '../../lib/keep-focus';
import { NO_VALIDATE } from '../auth/form-parts';
import { CHECKOUT_TEXT, CheckoutActions, type PaymentFormProps } from './checkout-parts';

// This module is imported lazily by the checkout page only, so Stripe.js never weighs on the
// rest of the app; one Stripe instance per publishable key, as Stripe recommends.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'ja' });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeForm({ returnUrl }: { returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [isElementReady, setElementReady] = useState(false);
  const [busy, setBusy] = useState(false);
  // A refused card gives focus back to 決済を確定する (disabled while busy), unless Stripe moved it.
  const rememberFocus = useKeepFocus(busy);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !elements || !isElementReady) {
      notify({ type: 'error', title: CHECKOUT_TEXT.notReadyTitle, description: CHECKOUT_TEXT.notReady });
      return;
    }
    rememberFocus((event.nativeEvent as SubmitEvent).submitter);
    setBusy(true);
    try {
      // On success Stripe leaves for return_url (payment-complete page with the plan param);
      // coming back here means the payment failed or needs the learner's attention.
      const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      notify({ type: 'error', title: 'エラー', description: error.message ?? CHECKOUT_TEXT.confirmFailed });
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: error instanceof Error ? error.message : CHECKOUT_TEXT.confirmFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack as="form" gap="5" onSubmit={onSubmit} {...NO_VALIDATE} data-testid="stripe-payment-form">
      <Box minH="40">
        <PaymentElement options={{ layout: 'tabs' }} onReady={() => setElementReady(true)} />
      </Box>
      <CheckoutActions busy={busy} disabled={!stripe || !elements} />
    </Stack>
  );
}

export function StripePaymentForm({ clientSecret, returnUrl, publishableKey }: PaymentFormProps & { publishableKey: string }) {
  const [stripe] = useState(() => getStripe(publishableKey));
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: 'ja' }}>
      <StripeForm returnUrl={returnUrl} />
    </Elements>
  );
}
