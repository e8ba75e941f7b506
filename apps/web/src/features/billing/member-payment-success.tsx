import { useEffect, useState } from 'react';
import type { PaymentSuccessSearch } from '../../lib/search';
import { trpc } from '../../lib/trpc';
import { PaymentSuccessView } from './payment-success-view';

/**
 * The payment result for a signed-in learner: the subscription changed just now, so it is read again
 * (the guard then opens the practice screens). A Stripe payment is confirmed by its webhook, which may
 * land a moment after the redirect: until then the page polls, for at most 30 s.
 */
export default function MemberPaymentSuccess({ search }: { search: PaymentSuccessSearch }) {
  const isTrial = search.trial === true;
  const utils = trpc.useUtils();
  const [isWaiting, setWaiting] = useState(!isTrial);
  const subscription = trpc.subscription.current.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (query) => (isWaiting && !query.state.data?.hasAccess ? 2000 : false),
  });
  useEffect(() => {
    void utils.subscription.current.invalidate();
  }, [utils]);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), 30_000);
    return () => clearTimeout(timer);
  }, []);
  return <PaymentSuccessView search={search} signedIn subscription={subscription.data} isWaiting={isWaiting} />;
}
