import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelledPage } from '../pages/payment-cancelled';
import { pageTitle } from '../lib/page-title';

/** `/cancel`: as /payment-cancelled. */
export const Route = createFileRoute('/cancel')({
  head: pageTitle('paymentCancelled'),
  component: PaymentCancelledPage,
});
