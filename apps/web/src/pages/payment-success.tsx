import { FullPageSpinner } from '@shunkan/ui/components';
import { Navigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PaymentSuccessView } from '../features/billing/payment-success-view';
import { isSessionPending, useAuth } from '../lib/auth';
import type { PaymentSuccessSearch } from '../lib/search';

// The signed-in learner's part reads their subscription through the data layer; a guest loads neither.
const MemberPaymentSuccess = lazy(() => import('../features/billing/member-payment-success'));

/** /payment-success and /success: ?trial=true, or ?plan=<planId> (unknown ids read as standard). */
export function PaymentSuccessPage({ search }: { search: PaymentSuccessSearch }) {
  const { user, initialized } = useAuth();
  // Stripe returns here with redirect_status=failed when a redirect-based payment did not go through.
  if (search.redirect_status === 'failed') return <Navigate to="/payment-cancelled" replace />;
  // A guest's result needs no Firebase SDK; a browser holding a session waits for it (decision 048).
  if (isSessionPending(initialized)) return <FullPageSpinner />;
  if (!user) return <PaymentSuccessView search={search} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <MemberPaymentSuccess search={search} />
    </Suspense>
  );
}
