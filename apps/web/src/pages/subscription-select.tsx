import { FullPageSpinner } from '@shunkan/ui/components';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PlanSelection, TrialOfferCard } from '../features/billing/plan-selection';
import { useAuth } from '../lib/auth';
import { hasSessionHint } from '../lib/firebase';

// The signed-in learner's parts use the data layer; a guest loads neither them nor it (decision 048).
const MemberPlanSelection = lazy(() => import('../features/billing/member-plan-selection'));

/**
 * /subscription-select. A guest's view needs neither the Firebase SDK (decision 044) nor the data layer
 * (the catalogue comes with the configuration, decision 048); a browser holding a session loads both at
 * once and the page waits for the session, so that a signed-in learner's trial button never takes them
 * to signup.
 */
export function SubscriptionSelectPage() {
  const { initialized, user } = useAuth();
  if (!initialized && hasSessionHint()) return <FullPageSpinner />;
  if (!user) return <PlanSelection trialOffer={<GuestTrialOffer />} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <MemberPlanSelection />
    </Suspense>
  );
}

/** The trial offer for a guest: a new visitor first creates an account (the address's confirmation leads back here). */
function GuestTrialOffer() {
  const navigate = useNavigate();
  return <TrialOfferCard onStart={() => void navigate({ to: '/signup' })} guest />;
}

