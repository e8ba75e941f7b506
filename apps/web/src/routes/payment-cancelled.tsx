import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelledPage } from '../pages/payment-cancelled';

/** `/payment-cancelled`: a checkout that did not complete (public). */
export const Route = createFileRoute('/payment-cancelled')({
  component: PaymentCancelledPage,
});
