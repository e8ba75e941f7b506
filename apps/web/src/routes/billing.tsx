import { Alert, Badge, Box, Button, Card, Container, Heading, HStack, Icon, List, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { BILLING_UI_TEXT } from '@shunkan/config/billing';
import { DEFAULT_DAILY_LIMITS, findPlan, type PlanId } from '@shunkan/config/plans';
import { Brand, CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { CircleX, PartyPopper } from 'lucide-react';
import {
  cancelTargetFromSearch,
  dailyLimitLabel,
  formatDate,
  formatPrice,
  isTrueParam,
  planIdFromSearch,
  STATUS_LABELS,
  trialEndIfStartedNow,
} from '../features/billing/billing-format';
import { CHECKOUT_TEXT, paymentErrorMessage } from '../features/billing/checkout-parts';
import { PlanCard, PlanFeatures } from '../features/billing/plan-card';
import { SandboxPaymentForm } from '../features/billing/sandbox-payment-form';
import { findCatalogPlan, usePlans, useSubscription, type CatalogPlan } from '../features/billing/use-plans';
import { useAuth } from '../lib/auth';
import { getPublicConfig } from '../lib/public-config';
import { errorMessage, trpc } from '../lib/trpc';

// Stripe.js and its React bindings load only when a Stripe-mode checkout form is shown.
const StripePaymentForm = lazy(() => import('../features/billing/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

const TRIAL_BUTTON = '7日間無料トライアルを始める';

/** The plan name for result screens: the catalogue's (admin-editable) name, else the default. */
function usePlanName(planId: PlanId): { plan: CatalogPlan | undefined; name: string } {
  const plans = usePlans();
  const plan = findCatalogPlan(plans.data?.plans, planId);
  return { plan, name: plan?.name ?? findPlan(planId).name };
}

function PageHeader() {
  return (
    <HStack justify="space-between" mb="6">
      <Link to="/">
        <Brand />
      </Link>
    </HStack>
  );
}

// ───────────────────────────── Plan selection ─────────────────────────────

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

export function SubscriptionSelectPage() {
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
  const choose = (planId: string) => void navigate({ to: '/checkout', search: { plan: planId } });

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
                      <HStack key={plan.id} justify="space-between" wrap="wrap" gap="2" bg="white" borderRadius="md" p="3" data-testid={`plan-row-${plan.id}`}>
                        <Stack gap="0">
                          <HStack gap="2">
                            <Text fontWeight="bold">{plan.name}</Text>
                            {plan.discountLabel ? <Badge colorPalette="green">{plan.discountLabel}</Badge> : null}
                          </HStack>
                          <Text fontSize="sm" color="gray.600">
                            {formatPrice(plan.priceYen, plan.interval)}・{dailyLimitLabel(plan.dailyLimit)}
                          </Text>
                        </Stack>
                        <Button size="sm" variant="outline" colorPalette="purple" onClick={() => choose(plan.id)} disabled={isAdmin || isPaying}>
                          {currentPlanId === plan.id ? 'ご利用中' : 'このプランを選択'}
                        </Button>
                      </HStack>
                    ))}
                  </Stack>
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

// ───────────────────────────── Checkout ─────────────────────────────

type Intent = { clientSecret: string; mode: 'sandbox' | 'stripe'; planId: string; amount: number; planName: string };

function CheckoutForm({ planId, cancelHref }: { planId: PlanId; cancelHref: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const createIntent = trpc.billing.createPaymentIntent.useMutation();
  const [intent, setIntent] = useState<Intent | null>(null);
  // Stripe mode without a publishable key cannot show the Payment Element: say so before asking the
  // server for a payment (which would create a Stripe customer and an unpayable subscription).
  const isConfigError = getPublicConfig().billingMode === 'stripe' && !getPublicConfig().stripePublishableKey;
  const started = useRef(false);
  const backTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { plan } = usePlanName(planId);
  const interval = plan?.interval ?? findPlan(planId).interval;

  useEffect(() => () => clearTimeout(backTimer.current), []);

  useEffect(() => {
    // Exactly one payment intent per visit (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    if (isConfigError) {
      notify({ type: 'error', title: BILLING_UI_TEXT.errorTitle, description: CHECKOUT_TEXT.configError });
      return;
    }
    createIntent
      .mutateAsync({ planId })
      .then((result) => {
        if (!result.clientSecret) throw new Error('Payment intent creation failed');
        setIntent(result);
      })
      .catch((error: unknown) => {
        // The server's reason, or ours ('Payment intent creation failed'); 'Unknown error' for a non-Error.
        const reason = error instanceof TRPCClientError ? paymentErrorMessage(error, '') : error instanceof Error ? error.message : 'Unknown error';
        notify({ type: 'error', title: CHECKOUT_TEXT.prepareFailed, description: reason || undefined });
        backTimer.current = setTimeout(() => void navigate({ to: '/subscription-select' }), 2000);
      });
  }, [createIntent, navigate, planId, isConfigError]);

  if (isConfigError) {
    return (
      <CenteredCard title="決済情報入力">
        <Stack gap="4">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{CHECKOUT_TEXT.configError}</Alert.Title>
          </Alert.Root>
          <Button asChild variant="outline">
            <Link to="/subscription-select">プラン選択に戻る</Link>
          </Button>
        </Stack>
      </CenteredCard>
    );
  }
  if (!intent) return <FullPageSpinner label={CHECKOUT_TEXT.preparing} />;

  const returnUrl = `${window.location.origin}/payment-success?plan=${encodeURIComponent(intent.planId)}`;
  const onSucceeded = (paidPlanId: string) => {
    void utils.subscription.current.invalidate();
    void navigate({ to: '/payment-success', search: { plan: paidPlanId } });
  };
  const formProps = { clientSecret: intent.clientSecret, planId: intent.planId, returnUrl, onSucceeded, cancelHref };
  const publishableKey = getPublicConfig().stripePublishableKey;

  return (
    <CenteredCard title="決済情報入力" maxW="lg">
      <Stack gap="6">
        <Box borderWidth="1px" borderRadius="lg" p="4" bg="gray.50" data-testid="checkout-summary">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="bold">{intent.planName}プラン</Text>
            <Text fontSize="xl" fontWeight="bold">
              {formatPrice(intent.amount, interval)}
            </Text>
          </HStack>
          <Text fontSize="sm" color="gray.600" mt="2">
            {interval === 'year' ? '1年' : '1か月'}ごとに自動更新されます。マイページからいつでも解約できます。
          </Text>
        </Box>
        {intent.mode === 'stripe' && publishableKey ? (
          <Suspense
            fallback={
              <Box textAlign="center" py="6">
                <Spinner />
              </Box>
            }
          >
            <StripePaymentForm {...formProps} publishableKey={publishableKey} />
          </Suspense>
        ) : (
          <SandboxPaymentForm {...formProps} />
        )}
      </Stack>
    </CenteredCard>
  );
}

/**
 * /checkout?plan=<planId> (default standard), plus cancel=<path> when a sandbox checkout session sent the
 * learner here. Public route; paying needs an account.
 */
export function CheckoutPage() {
  const search = useSearch({ strict: false }) as { plan?: unknown; cancel?: unknown };
  const planId = planIdFromSearch(search.plan);
  const cancelHref = cancelTargetFromSearch(search.cancel, window.location.origin);
  const { user, initialized } = useAuth();
  if (!initialized) return <FullPageSpinner />;
  if (!user) return <CheckoutSignIn planId={planId} />;
  return <CheckoutForm key={planId} planId={planId} cancelHref={cancelHref} />;
}

/** A guest keeps the public /checkout URL and is asked to log in (back here) or sign up first. */
function CheckoutSignIn({ planId }: { planId: PlanId }) {
  const { plan, name } = usePlanName(planId);
  return (
    <CenteredCard title="決済情報入力">
      <Stack gap="4">
        <Box borderWidth="1px" borderRadius="lg" p="4" bg="gray.50" data-testid="checkout-summary">
          <Text fontWeight="bold">{name}プラン</Text>
          {plan ? <Text>{formatPrice(plan.priceYen, plan.interval)}</Text> : null}
        </Box>
        <Text>お支払いの前にログインしてください。アカウントをお持ちでない方は、まず無料で登録できます。</Text>
        <Button asChild colorPalette="blue">
          <Link to="/login" search={{ redirect: `/checkout?plan=${planId}` }}>
            ログインして続ける
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/signup">新規登録</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/subscription-select">プラン選択に戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

// ───────────────────────────── Payment complete ─────────────────────────────

function ResultCard({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="lg" py={{ base: 8, md: 16 }}>
      <Box bg="white" borderRadius="xl" boxShadow="md" p={{ base: 6, md: 8 }}>
        <Stack gap="5" align="stretch">
          <Icon boxSize="12" mx="auto" color="blue.600">
            {icon}
          </Icon>
          {children}
        </Stack>
      </Box>
    </Container>
  );
}

/** /payment-success and /success: ?trial=true, or ?plan=<planId> (unknown ids read as standard). */
export function PaymentSuccessPage() {
  const search = useSearch({ strict: false }) as { trial?: unknown; plan?: unknown; redirect_status?: unknown };
  const isTrial = isTrueParam(search.trial);
  const planId = planIdFromSearch(search.plan);
  const { user } = useAuth();
  const { plan, name } = usePlanName(planId);
  const utils = trpc.useUtils();
  // The subscription changed just now: read it again so the guard opens the practice screens.
  // A Stripe payment is confirmed by its webhook, which may land a moment after the redirect.
  const [isWaiting, setWaiting] = useState(!isTrial);
  const subscription = trpc.subscription.current.useQuery(undefined, {
    enabled: Boolean(user),
    staleTime: 0,
    refetchInterval: (query) => (isWaiting && !query.state.data?.hasAccess ? 2000 : false),
  });
  useEffect(() => {
    if (user) void utils.subscription.current.invalidate();
  }, [user, utils]);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), 30_000);
    return () => clearTimeout(timer);
  }, []);

  // Stripe returns here with redirect_status=failed when a redirect-based payment did not go through.
  if (search.redirect_status === 'failed') return <Navigate to="/payment-cancelled" replace />;

  const trialEnd = subscription.data?.trialEndsAt ?? trialEndIfStartedNow().toISOString();
  return (
    <ResultCard icon={<PartyPopper aria-hidden />}>
      <Heading as="h1" size="2xl" textAlign="center">
        決済完了
      </Heading>
      {isTrial ? (
        <>
          <Text fontSize="lg" fontWeight="bold" textAlign="center" color="green.700">
            7日間無料トライアルが開始されました
          </Text>
          <Box borderWidth="1px" borderColor="blue.200" bg="blue.50" borderRadius="lg" p="4" data-testid="trial-info">
            <Heading as="h2" size="sm" mb="2">
              7日間の無料トライアルについて
            </Heading>
            <List.Root gap="1.5" ps="5" fontSize="sm">
              <List.Item>トライアル期間中は、すべての機能をご利用いただけます。</List.Item>
              <List.Item>トライアル期間中はいつでも解約できます。料金は一切かかりません。</List.Item>
              <List.Item>
                トライアル終了日：<strong>{formatDate(trialEnd)}</strong>
              </List.Item>
              <List.Item>終了後に自動で課金されることはありません。続けてご利用いただく場合は、プランをお選びください。</List.Item>
            </List.Root>
          </Box>
        </>
      ) : (
        <>
          <Text fontSize="lg" fontWeight="bold" textAlign="center" color="green.700">
            {name}プランへの登録が完了しました
          </Text>
          <Box borderWidth="1px" borderColor="green.200" bg="green.50" borderRadius="lg" p="4" data-testid="plan-benefits">
            <Heading as="h2" size="sm" mb="2">
              ご利用いただける機能
            </Heading>
            {plan ? (
              <PlanFeatures plan={plan} />
            ) : (
              <List.Root gap="1.5" ps="5" fontSize="sm">
                {findPlan(planId).features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List.Root>
            )}
          </Box>
          {user && subscription.data && !subscription.data.hasAccess ? (
            isWaiting ? (
              <HStack justify="center" gap="2" color="gray.600" fontSize="sm">
                <Spinner size="xs" />
                <Text>お支払いを確認しています...</Text>
              </HStack>
            ) : (
              <Text color="gray.600" fontSize="sm" textAlign="center">
                お支払いの確認に時間がかかっています。しばらくしてからマイページでご契約内容をご確認ください。
              </Text>
            )
          ) : null}
        </>
      )}
      <Button asChild colorPalette="blue" size="lg">
        <Link to="/">学習を始める</Link>
      </Button>
      {user ? (
        <Button asChild variant="ghost" size="sm">
          <Link to="/my-page">マイページでご契約内容を確認する</Link>
        </Button>
      ) : null}
    </ResultCard>
  );
}

// ───────────────────────────── Payment cancelled ─────────────────────────────

const CANCEL_REASONS = [
  'お支払い情報の入力が完了しなかった',
  '決済ページを閉じた、またはブラウザの「戻る」ボタンを押した',
  '通信エラーが発生した',
  'その他の技術的な問題が発生した',
];

/** /payment-cancelled and /cancel. */
export function PaymentCancelledPage() {
  const plans = usePlans();
  const premiumLimit = findCatalogPlan(plans.data?.plans, 'premium')?.dailyLimit;
  // The observed product promised "unlimited" questions; the catalogue's real limit is stated instead.
  const practiceBenefit =
    premiumLimit === null ? '練習問題が無制限' : `練習問題をたっぷり（1日${premiumLimit ?? DEFAULT_DAILY_LIMITS.premium}問まで）`;
  const benefits = ['7日間の無料トライアル', practiceBenefit, 'カスタムシナリオの作成', '詳しい学習分析', '間違えた問題の復習機能'];
  return (
    <ResultCard icon={<CircleX aria-hidden />}>
      <Heading as="h1" size="2xl" textAlign="center">
        決済がキャンセルされました
      </Heading>
      <Text textAlign="center" color="gray.700">
        お支払いは完了していません。料金は請求されていませんので、ご安心ください。
      </Text>
      <Box borderWidth="1px" borderRadius="lg" p="4" bg="gray.50" data-testid="cancel-reasons">
        <Heading as="h2" size="sm" mb="2">
          考えられる理由
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm">
          {CANCEL_REASONS.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Box borderWidth="1px" borderColor="purple.200" borderRadius="lg" p="4" bg="purple.50" data-testid="premium-benefits">
        <Heading as="h2" size="sm" mb="2">
          プレミアムプランの特典
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm">
          {benefits.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="3">
        <Button asChild colorPalette="blue" size="lg">
          <Link to="/subscription/select">もう一度決済する</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </ResultCard>
  );
}
