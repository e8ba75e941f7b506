import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessPage } from '../pages/payment-success';
import { paymentSuccessSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/success` (public): `?trial=true` or `?plan=<planId>`; a failed Stripe redirect goes to /payment-cancelled. */
export const Route = createFileRoute('/success')({
  head: pageTitle('paymentSuccess'),
  validateSearch: paymentSuccessSearch,
  component: function PaymentSuccess() {
    return <PaymentSuccessPage search={Route.useSearch()} />;
  },
});
