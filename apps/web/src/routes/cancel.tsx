import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelledPage } from '../pages/payment-cancelled';

/** `/cancel`: as /payment-cancelled. */
export const Route = createFileRoute('/cancel')({
  component: PaymentCancelledPage,
});
