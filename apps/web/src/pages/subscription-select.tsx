import { Alert, Badge, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { findPlan, isPlanId } from '@shunkan/config/plans';
import { Brand, FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDate, STATUS_LABELS, trialEndIfStartedNow } from '../features/billing/billing-format';
import { PlanCard } from '../features/billing/plan-card';
import { PlanSummaryRow } from '../features/billing/plan-summary-row';
import { findCatalogPlan, usePlans, useSubscription } from '../features/billing/use-plans';
import { useAuth } from '../lib/auth';
import { hasSessionHint } from '../lib/firebase';
import { errorMessage, trpc } from '../lib/trpc';

const TRIAL_BUTTON = '7日間無料トライアルを始める';

function PageHeader() {
  return (
    <HStack justify="space-between" mb="6">
      <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
        <Brand />
      </Link>
    </HStack>
  );
}


function TrialOffer() {
  const { user, isAdmin } = useAuth();
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

  function onStart() {
    // A guest first creates an account; confirmation of the address leads back to plan selection.
    if (!user) return void navigate({ to: '/signup' });
    startTrial.mutate();
  }

  return (
    <Card.Root bg="blue.50" borderColor="blue.200" data-testid="trial-offer">
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="blue">カード登録不要</Badge>
          <Heading as="h2" size="md">
            まずは7日間、無料ですべての機能を
          </Heading>
        </HStack>
        <Text fontSize="sm" color="gray.700">
          今日始めると、無料トライアルは<strong>{formatDate(trialEndIfStartedNow())}</strong>
          まで。終了後に自動で課金されることはありません。続ける場合だけプランをお選びください。
        </Text>
        <Button colorPalette="blue" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={onStart} loading={startTrial.isPending} disabled={Boolean(user) && subscription.isLoading}>
          {TRIAL_BUTTON}
        </Button>
        {user ? null : (
          // A learner who has just confirmed their address lands here signed out (spec: /confirm goes to
          // plan selection); the trial button leads a new visitor to signup, this one back here signed in.
          <Button asChild variant="outline" colorPalette="blue" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            <Link to="/login" search={{ redirect: '/subscription-select' }}>
              アカウントをお持ちの方はログイン
            </Link>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CurrentPlanNote() {
  const { isAdmin } = useAuth();
  const subscription = useSubscription();
  const view = subscription.data;
  if (isAdmin) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>管理者アカウントのため、課金は適用されず全機能を無料でご利用いただけます</Alert.Title>
      </Alert.Root>
    );
  }
  if (!view || view.subscriptionStatus === 'none') return null;
  const name = view.planType ? findPlan(view.planType).name : null;
  return (
    <Alert.Root status={view.hasAccess ? 'success' : 'warning'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          現在のご契約：{view.subscriptionStatus === 'trialing' ? '無料トライアル' : (name ?? 'なし')}（{STATUS_LABELS[view.subscriptionStatus]}）
        </Alert.Title>
        <Alert.Description>
          <Link to="/my-page">マイページでご契約内容を確認する</Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * /subscription-select. A guest's view needs no Firebase SDK (lib/route-needs.ts, decision 044); a
 * browser holding a session loads it at once and the page waits for it, so that a signed-in learner's
 * trial button never takes them to signup.
 */
export function SubscriptionSelectPage() {
  const { initialized } = useAuth();
  if (!initialized && hasSessionHint()) return <FullPageSpinner />;
  return <SubscriptionSelect />;
}

function SubscriptionSelect() {
  const navigate = useNavigate();
  const { isAdmin } = useAuth();
  const plans = usePlans();
  const subscription = useSubscription();
  const list = plans.data?.plans ?? [];
  const main = (['standard', 'standard-yearly'] as const).map((id) => findCatalogPlan(list, id)).filter((p) => p !== undefined);
  const premium = (['premium', 'premium-yearly'] as const).map((id) => findCatalogPlan(list, id)).filter((p) => p !== undefined);
  // A learner with a paid plan changes it from my page (the server refuses a second subscription).
  const isPaying = subscription.data?.subscriptionStatus === 'active' || subscription.data?.subscriptionStatus === 'past_due';
  const currentPlanId = isPaying ? (subscription.data?.planType ?? null) : null;
  const choose = (planId: string) => void navigate({ to: '/checkout', search: { plan: isPlanId(planId) ? planId : undefined } });

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <PageHeader />
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            プランを選択
          </Heading>
          <Text color="gray.600">毎日の瞬間英作文で、英語がすぐ口から出るように。ご自分に合ったプランをお選びください。</Text>
        </Stack>
        <CurrentPlanNote />
        <TrialOffer />
        {plans.isLoading ? (
          <Box textAlign="center" py="10">
            <Spinner size="lg" />
          </Box>
        ) : plans.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(plans.error, 'プランの読み込みに失敗しました。再読み込みしてください。')}</Alert.Title>
          </Alert.Root>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              {main.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  actionLabel={currentPlanId === plan.id ? 'ご利用中' : 'このプランを選択'}
                  onSelect={() => choose(plan.id)}
                  disabled={isAdmin || isPaying}
                  isCurrent={currentPlanId === plan.id}
                />
              ))}
            </SimpleGrid>
            {premium.length > 0 ? (
              <Box as="section" aria-labelledby="premium-heading" borderWidth="1px" borderRadius="lg" p="5" bg="purple.50" borderColor="purple.100">
                <Stack gap="3">
                  <Heading as="h2" size="md" id="premium-heading">
                    プレミアム
                  </Heading>
                  <Text fontSize="sm" color="gray.700">
                    スタンダードの全機能に加えて、カスタムシナリオ作成・復習機能・詳細な学習分析が使えます。
                  </Text>
                  <Stack gap="2">
                    {premium.map((plan) => (
                      <PlanSummaryRow
                        key={plan.id}
                        plan={plan}
                        testId={`plan-row-${plan.id}`}
                        colorPalette="purple"
                        actionLabel={currentPlanId === plan.id ? 'ご利用中' : 'このプランを選択'}
                        onSelect={() => choose(plan.id)}
                        disabled={isAdmin || isPaying}
                      />
                    ))}
                  </Stack>
                  {isPaying && subscription.data?.subscriptionType === 'standard' ? (
                    <Text fontSize="sm" data-testid="premium-upgrade-link">
                      ご利用中のスタンダードからは、日割りの差額でプレミアムに変更できます：
                      <Link to="/my-page">マイページでプレミアムプランに変更する</Link>
                    </Text>
                  ) : null}
                </Stack>
              </Box>
            ) : null}
          </>
        )}
        <Text fontSize="sm" color="gray.600" textAlign="center">
          有料プランは期間ごとに自動更新されます。マイページからいつでも解約でき、解約後も期間の終わりまでご利用いただけます。
        </Text>
        <Button asChild variant="ghost" alignSelf="center">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </Container>
  );
}
