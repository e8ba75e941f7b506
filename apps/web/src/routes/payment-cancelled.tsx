import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelledPage } from '../pages/payment-cancelled';
import { pageTitle } from '../lib/page-title';

/** `/payment-cancelled`: a checkout that did not complete (public). */
export const Route = createFileRoute('/payment-cancelled')({
  head: pageTitle('paymentCancelled'),
  component: PaymentCancelledPage,
});
