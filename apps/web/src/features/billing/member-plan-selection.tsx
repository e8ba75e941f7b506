import { Alert } from '@chakra-ui/react';
import { findPlan } from '@shunkan/config/plans';
import { FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { errorMessage, trpc } from '../../lib/trpc';
import { STATUS_LABELS } from './billing-format';
import { PlanSelection, TrialOfferCard } from './plan-selection';
import { useSubscription } from './use-plans';
import { SubscriptionUnreadable } from './subscription-unreadable';

/**
 * Plan selection for a signed-in learner: their current plan, and the trial while it is unused. The
 * page waits for the subscription: drawn before it, a learner on the trial or a paid plan saw the
 * trial offer (and a paying one no 「ご利用中」) until it came, and for good when it could not be read,
 * where 7日間無料トライアルを始める was then enabled and refused (decision 080).
 */
export default function MemberPlanSelection() {
  // One observer for the page: another one mounting after an error would fetch again and put the
  // query back to pending (TanStack's retryOnMount), which unmounted it again: a loop of requests.
  const subscription = useSubscription();
  if (subscription.isPending) return <FullPageSpinner />;
  return (
    <PlanSelection
      subscription={subscription.data}
      note={<CurrentPlanNote subscription={subscription} />}
      trialOffer={<MemberTrialOffer subscription={subscription} />}
    />
  );
}

/** The trial offer for a signed-in learner who has not used it: starts it at once. */
type SubscriptionQuery = ReturnType<typeof useSubscription>;

function MemberTrialOffer({ subscription }: { subscription: SubscriptionQuery }) {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const startTrial = trpc.billing.startTrial.useMutation({
    onSuccess: (view) => {
      utils.subscription.current.setData(undefined, view);
      void navigate({ to: '/payment-success', search: { trial: true } });
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '無料トライアルを開始できませんでした') }),
  });
  const view = subscription.data;
  if (isAdmin || !view) return null;
  if (view.trialUsed || view.subscriptionStatus === 'active') return null;
  return <TrialOfferCard onStart={() => startTrial.mutate()} loading={startTrial.isPending} disabled={subscription.isLoading} />;
}

function CurrentPlanNote({ subscription }: { subscription: SubscriptionQuery }) {
  const { isAdmin } = useAuth();
  const view = subscription.data;
  if (isAdmin) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator aria-hidden />
        <Alert.Title>管理者アカウントのため、課金は適用されず全機能を無料でご利用いただけます</Alert.Title>
      </Alert.Root>
    );
  }
  if (!view) return <SubscriptionUnreadable error={subscription.error} />;
  if (view.subscriptionStatus === 'none') return null;
  const name = view.planType ? findPlan(view.planType).name : null;
  return (
    <Alert.Root status={view.hasAccess ? 'success' : 'warning'}>
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title>
          現在のご契約：{view.subscriptionStatus === 'trialing' ? '無料トライアル' : (name ?? 'なし')}（{STATUS_LABELS[view.subscriptionStatus]}）
        </Alert.Title>
        <Alert.Description>
          {/* A standalone link: a 44 px tap target on a phone (decision 035; it was 16 px). */}
          <Link to="/my-page" style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
            マイページでご契約内容を確認する
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

