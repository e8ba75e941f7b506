import { Alert } from '@chakra-ui/react';
import { findPlan } from '@shunkan/config/plans';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { errorMessage, trpc } from '../../lib/trpc';
import { STATUS_LABELS } from './billing-format';
import { PlanSelection, TrialOfferCard } from './plan-selection';
import { useSubscription } from './use-plans';

/** Plan selection for a signed-in learner: their current plan, and the trial while it is unused. */
export default function MemberPlanSelection() {
  const subscription = useSubscription();
  return <PlanSelection subscription={subscription.data} note={<CurrentPlanNote />} trialOffer={<MemberTrialOffer />} />;
}

/** The trial offer for a signed-in learner who has not used it: starts it at once. */
function MemberTrialOffer() {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const subscription = useSubscription();
  const startTrial = trpc.billing.startTrial.useMutation({
    onSuccess: (view) => {
      utils.subscription.current.setData(undefined, view);
      void navigate({ to: '/payment-success', search: { trial: true } });
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '無料トライアルを開始できませんでした') }),
  });
  const view = subscription.data;
  if (isAdmin) return null;
  if (view && (view.trialUsed || view.subscriptionStatus === 'active')) return null;
  return <TrialOfferCard onStart={() => startTrial.mutate()} loading={startTrial.isPending} disabled={subscription.isLoading} />;
}

function CurrentPlanNote() {
  const { isAdmin } = useAuth();
  const subscription = useSubscription();
  const view = subscription.data;
  if (isAdmin) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator aria-hidden />
        <Alert.Title>管理者アカウントのため、課金は適用されず全機能を無料でご利用いただけます</Alert.Title>
      </Alert.Root>
    );
  }
  if (!view || view.subscriptionStatus === 'none') return null;
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

