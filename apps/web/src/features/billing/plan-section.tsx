import type { RouterOutputs } from '@shunkan/api-router';
import { Alert, Badge, Box, Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { BILLING_GRANT_NOTE, BILLING_UI_TEXT, PAYMENT_STATUS_LABELS, refundedNote, UPGRADE_CANCELLATION_TEXT } from '@shunkan/config/billing';
import { findPlan, formatYen } from '@shunkan/config/plans';
import { ResponsiveRows } from '@shunkan/ui/responsive-rows';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { getPublicConfig } from '../../lib/public-config';
import { errorMessage, trpc } from '../../lib/trpc';
import { CURRENT_PLAN_ID, dailyLimitLabel, focusCurrentPlan, formatDate, formatPrice, paymentStatusColor, STATUS_COLORS, STATUS_LABELS } from './billing-format';
import { CancelControls } from './cancel-controls';
import { ConfirmDialog } from './confirm-dialog';
import { PremiumPlanModal } from './premium-plan-modal';
import { findCatalogPlan, getPlanCatalogue, type CatalogPlan } from './plan-catalogue';
import { useSubscription, type TSubscription } from './use-plans';
import { SubscriptionUnreadable } from './subscription-unreadable';

export const ADMIN_BILLING_NOTE = '管理者アカウントのため、課金は適用されず全機能を無料でご利用いただけます';

/** A paid plan whose subscription still exists at the provider (the portal can manage it). */
function hasPaidPlan(view: TSubscription): boolean {
  return view.planType !== null && ['active', 'past_due', 'canceled'].includes(view.subscriptionStatus);
}

function isYearly(view: TSubscription): boolean {
  return view.interval === 'year' || view.billingInterval === 'year' || (view.planType ?? '').includes('yearly');
}

function planName(plans: readonly CatalogPlan[] | undefined, planType: string | null): string {
  return findCatalogPlan(plans, planType)?.name ?? findPlan(planType).name;
}

function PortalButton() {
  const navigate = useNavigate();
  const portal = trpc.billing.createPortalSession.useMutation({
    onSuccess: ({ url }) => {
      // The sandbox portal is our own page; Stripe's customer portal is another site.
      if (url.startsWith('/') && !url.startsWith('//')) void navigate({ href: url });
      else if (/^https:\/\//.test(url)) window.location.assign(url);
      else notify({ type: 'error', title: BILLING_UI_TEXT.errorTitle, description: BILLING_UI_TEXT.portalFailed });
    },
    // The spec's text whatever the cause (the server logs its reason).
    onError: () => notify({ type: 'error', title: BILLING_UI_TEXT.errorTitle, description: BILLING_UI_TEXT.portalFailed }),
  });
  return (
    <Button variant="outline" onClick={() => portal.mutate()} loading={portal.isPending}>
      お支払い管理
    </Button>
  );
}

function CurrentPlanCard(props: { view: TSubscription; plans: readonly CatalogPlan[] | undefined; showCancelControls: boolean; showPortal: boolean; granted: boolean }) {
  const { view, plans } = props;
  const status = view.subscriptionStatus;
  if (view.isAdmin) {
    return (
      <Card.Root data-testid="current-plan">
        <Card.Body gap="2">
          <Text fontSize="sm" color="gray.600">
            現在のプラン
          </Text>
          <Text fontSize="xl" fontWeight="bold" data-testid="current-plan-name">
            管理者（全機能）
          </Text>
        </Card.Body>
      </Card.Root>
    );
  }
  const isTrial = status === 'trialing';
  const name = isTrial ? '無料トライアル' : view.planType ? planName(plans, view.planType) : status === 'expired' ? '無料トライアル' : 'なし';
  return (
    <Card.Root data-testid="current-plan" id={CURRENT_PLAN_ID} tabIndex={-1}>
      <Card.Body gap="3">
        <Text fontSize="sm" color="gray.600">
          現在のプラン
        </Text>
        <HStack gap="3" wrap="wrap">
          <Text fontSize="xl" fontWeight="bold" data-testid="current-plan-name">
            {name}
          </Text>
          <Badge colorPalette={STATUS_COLORS[status]} data-testid="current-plan-status">
            {STATUS_LABELS[status]}
          </Badge>
        </HStack>
        {props.granted ? <Text data-testid="granted-plan-note">{BILLING_GRANT_NOTE}</Text> : null}
        {view.amount !== null && !isTrial && view.planType && !props.granted ? (
          <Text data-testid="current-plan-amount">料金：{formatPrice(view.amount, view.interval ?? view.billingInterval)}</Text>
        ) : null}
        {isTrial ? (
          <Text data-testid="trial-end">
            トライアル終了日：{formatDate(view.trialEndsAt)}（残り{view.trialDaysRemaining}日）。終了後に自動で課金されることはありません。
          </Text>
        ) : null}
        {status === 'active' && !view.cancelAtPeriodEnd && view.currentPeriodEnd && !props.granted ? (
          <Text data-testid="next-billing-date">次回請求日：{formatDate(view.currentPeriodEnd)}</Text>
        ) : null}
        {status === 'active' && view.cancelAtPeriodEnd ? (
          <Alert.Root status="warning" data-testid="cancel-notice">
            <Alert.Indicator aria-hidden />
            <Alert.Title>
              {view.currentPeriodEnd ? `${formatDate(view.currentPeriodEnd)}をもって解約されます。` : '現在の期間の終了をもって解約されます。'}
              それまでは引き続きご利用いただけます。
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {status === 'past_due' ? (
          <Alert.Root status="warning">
            <Alert.Indicator aria-hidden />
            <Alert.Title>お支払いが確認できていません。「お支払い管理」からお支払い方法をご確認ください。</Alert.Title>
          </Alert.Root>
        ) : null}
        {status === 'expired' || status === 'canceled' ? (
          <Text color="gray.600">ご利用期間は終了しました。引き続き学習するにはプランをお選びください。</Text>
        ) : null}
        <HStack gap="3" wrap="wrap">
          {!view.hasAccess || isTrial ? (
            <Button asChild colorPalette="blue">
              <Link to="/subscription-select">プランを選択</Link>
            </Button>
          ) : null}
          {props.showPortal ? <PortalButton /> : null}
          {props.showCancelControls ? <CancelControls view={view} /> : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

const UPGRADE_CARDS = {
  // Buttons in blue and purple: white on green.600 is 3.3:1, under WCAG's 4.5:1 for normal text.
  yearly: { heading: '年間プランに変更', button: '年間プランに変更する', dialogTitle: '年間プランへの変更', palette: 'green', buttonPalette: 'blue', testId: 'yearly-upgrade' },
  premium: { heading: 'プレミアムプランに変更', button: 'プレミアムプランに変更する', dialogTitle: 'プレミアムプランへの変更', palette: 'purple', buttonPalette: 'purple', testId: 'premium-upgrade' },
} as const;

/** A change the learner pays for at once (prorated): to yearly, or from standard to premium. */
function UpgradeCard({ kind, view, plans }: { kind: 'yearly' | 'premium'; view: TSubscription; plans: readonly CatalogPlan[] }) {
  const utils = trpc.useUtils();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const current = findCatalogPlan(plans, view.planType);
  const targetId = kind === 'yearly' ? (view.subscriptionType === 'premium' ? 'premium-yearly' : 'standard-yearly') : current?.interval === 'year' ? 'premium-yearly' : 'premium';
  const target = findCatalogPlan(plans, targetId);
  const texts = UPGRADE_CARDS[kind];
  // After the change this card is gone: focus goes to the current plan, which names the new one.
  const changed = useRef(false);
  const upgrade = trpc.billing.upgradeToYearly.useMutation({
    onSuccess: (result) => {
      changed.current = true;
      utils.subscription.current.setData(undefined, result.subscription);
      void utils.billing.details.invalidate();
      setConfirmOpen(false);
      notify({ type: 'success', title: BILLING_UI_TEXT.upgradeDone, description: result.message });
    },
    onError: (error) => {
      setConfirmOpen(false);
      notify({ type: 'error', title: BILLING_UI_TEXT.upgradeFailed, description: errorMessage(error, '') || undefined });
    },
  });
  if (!target) return null;
  const saving = kind === 'yearly' && current ? current.priceYen * 12 - target.priceYen : 0;
  return (
    <Card.Root borderColor={`${texts.palette}.300`} bg={`${texts.palette}.50`} data-testid={texts.testId}>
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <Heading as="h3" size="md">
            {texts.heading}
          </Heading>
          {kind === 'yearly' && target.discountLabel ? <Badge colorPalette="green">{target.discountLabel}</Badge> : null}
        </HStack>
        <Text fontSize="sm">
          {target.name}（{formatPrice(target.priceYen, target.interval)}）
          {kind === 'premium'
            ? 'なら、カスタムシナリオ作成・復習機能・詳細な学習分析が使え、1日の問題数も増えます。今の期間の残りは日割りで精算されます。'
            : saving > 0
              ? `なら、月額で1年間続けるより${formatYen(saving)}お得です。`
              : 'なら、1年分をまとめてお支払いいただけます。'}
        </Text>
        <Button colorPalette={texts.buttonPalette} alignSelf="flex-start" onClick={() => setConfirmOpen(true)}>
          {texts.button}
        </Button>
        <ConfirmDialog
          open={isConfirmOpen}
          onOpenChange={setConfirmOpen}
          title={texts.dialogTitle}
          confirmLabel="変更する"
          colorPalette={texts.buttonPalette}
          loading={upgrade.isPending}
          onConfirm={() => upgrade.mutate({ planType: kind })}
          finalFocusEl={() => (changed.current ? focusCurrentPlan() : null)}
        >
          {target.name}（{formatPrice(target.priceYen, target.interval)}）に変更します。
          {view.cancelAtPeriodEnd ? <Text as="span" data-testid="upgrade-withdraws-cancellation">{UPGRADE_CANCELLATION_TEXT.confirm(target.name)}</Text> : null}
          よろしいですか？
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

function PlanNameCell({ plan, isCurrent }: { plan: CatalogPlan; isCurrent: boolean }) {
  return (
    <>
      <Text as="span" fontWeight="bold">
        {plan.name}
      </Text>
      {isCurrent ? (
        <Badge ms="2" colorPalette="purple">
          ご利用中
        </Badge>
      ) : null}
      {plan.discountLabel ? (
        <Text fontSize="xs" color="green.700" fontWeight="normal">
          {plan.discountLabel}
        </Text>
      ) : null}
    </>
  );
}

/** The plans side by side; below 600 px one card per plan. */
function PricingTable({ plans, currentPlanId }: { plans: readonly CatalogPlan[]; currentPlanId: string | null }) {
  return (
    <ResponsiveRows
      rows={[...plans]}
      keyOf={(plan) => plan.id}
      title={(plan) => <PlanNameCell plan={plan} isCurrent={plan.id === currentPlanId} />}
      testId="pricing"
      rowTestId={(plan) => `pricing-row-${plan.id}`}
      empty="料金プランを読み込めませんでした。"
      columns={[
        { header: 'プラン', cell: (plan) => <PlanNameCell plan={plan} isCurrent={plan.id === currentPlanId} />, inCard: false },
        { header: '料金', cell: (plan) => <Text whiteSpace="nowrap">{formatPrice(plan.priceYen, plan.interval)}</Text> },
        { header: '1日の問題数', cell: (plan) => <Text whiteSpace="nowrap">{dailyLimitLabel(plan.dailyLimit)}</Text> },
        {
          header: '主な機能',
          cell: (plan) => (
            <Text fontSize="xs" color="gray.700" minW={{ sm: '12em' }}>
              {plan.features.filter((f) => !/^1日\d+問/.test(f)).join('・')}
            </Text>
          ),
        },
      ]}
    />
  );
}

type Payment = RouterOutputs['billing']['details']['payments'][number];

/** The amount charged, and under it what went back to the card (a refund, decision 096). */
function PaymentAmount({ payment }: { payment: Payment }) {
  return (
    <Stack gap="0" align="end">
      <Text whiteSpace="nowrap">{formatYen(payment.amount)}</Text>
      {payment.refundedAmount > 0 ? (
        <Text whiteSpace="nowrap" fontSize="xs" color="fg.muted" data-testid="payment-refunded">
          {refundedNote(payment.refundedAmount)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The learner's own recent payments; abandoned (still pending) checkouts are not payments. */
function PaymentHistory({ payments }: { payments: Payment[] }) {
  const shown = payments.filter((p) => p.status !== 'pending');
  if (shown.length === 0) return null;
  return (
    <Stack gap="3" data-testid="payment-history">
      <Heading as="h3" size="md">
        お支払い履歴
      </Heading>
      <ResponsiveRows
        rows={shown}
        keyOf={(payment) => payment.id}
        title={(payment) => formatDate(payment.createdAt)}
        testId="payments"
        empty=""
        columns={[
          { header: '日付', cell: (payment) => <Text whiteSpace="nowrap">{formatDate(payment.createdAt)}</Text>, inCard: false },
          { header: '内容', cell: (payment) => payment.description ?? '' },
          { header: '金額', cell: (payment) => <PaymentAmount payment={payment} />, textAlign: 'end' },
          {
            header: '状態',
            cell: (payment) => <Badge colorPalette={paymentStatusColor(payment.status)}>{PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}</Badge>,
          },
        ]}
      />
    </Stack>
  );
}

/** The sandbox billing mode's stand-in for Stripe's customer portal (reached via お支払い管理). */
function SandboxPortalPanel({ view, plans }: { view: TSubscription; plans: readonly CatalogPlan[] | undefined }) {
  return (
    <Box borderWidth="2px" borderStyle="dashed" borderColor="orange.300" bg="orange.50" borderRadius="lg" p="5" data-testid="sandbox-portal">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            お支払い管理
          </Heading>
          {/* A badge does not wrap by default: at 375 px this one ended 2 px beyond the screen. */}
          <Badge colorPalette="orange" whiteSpace="normal">
            サンドボックス（テスト用）— 実際の請求は発生しません
          </Badge>
        </HStack>
        {hasPaidPlan(view) ? (
          <Text fontSize="sm">
            ご契約：{planName(plans, view.planType)}（{STATUS_LABELS[view.subscriptionStatus]}）
            {view.amount !== null ? `・${formatPrice(view.amount, view.interval)}` : ''}
            {view.currentPeriodEnd ? `・${view.cancelAtPeriodEnd ? 'ご利用期限' : '次回請求日'}：${formatDate(view.currentPeriodEnd)}` : ''}
          </Text>
        ) : (
          <Text fontSize="sm">管理できる有料プランはありません。</Text>
        )}
        <HStack gap="3" wrap="wrap">
          <CancelControls view={view} />
          <Button asChild variant="ghost">
            <Link to="/my-page" search={{}}>
              閉じる
            </Link>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** My page: current plan, change to yearly or to premium, pricing table, payment management. */
export function PlanSection({ portal }: { portal?: 'sandbox' }) {
  const { isAdmin } = useAuth();
  const subscription = useSubscription();
  const [isPlanModalOpen, setPlanModalOpen] = useState(false);
  // Server-side answers to "may this learner upgrade / open the portal", plus the payment history.
  const details = trpc.billing.details.useQuery(undefined, { staleTime: 0 });
  const view = subscription.data;
  const list = getPlanCatalogue();

  if (subscription.isLoading) {
    return (
      <Box py="6" textAlign="center">
        <Spinner />
      </Box>
    );
  }
  if (!view) return <SubscriptionUnreadable error={subscription.error} />;

  const showSandboxPortal = !isAdmin && portal === 'sandbox' && getPublicConfig().billingMode === 'sandbox';
  const showYearly = !isAdmin && view.subscriptionStatus === 'active' && !isYearly(view) && details.data?.canUpgradeToYearly === true;
  const showPremium = !isAdmin && view.subscriptionStatus === 'active' && view.subscriptionType === 'standard' && details.data?.canUpgradeToPremium === true;
  const canManageBilling = !isAdmin && (details.data?.canManageBilling ?? hasPaidPlan(view));
  const currentPlanId = view.subscriptionStatus === 'active' ? view.planType : null;
  // A plan an administrator granted is free and has no end: nothing to cancel, upgrade or pay for here.
  const granted = details.data?.grantedByAdmin === true;

  return (
    <Stack gap="5">
      {isAdmin ? (
        <Alert.Root status="info" data-testid="admin-billing-note">
          <Alert.Indicator aria-hidden />
          <Alert.Title>{ADMIN_BILLING_NOTE}</Alert.Title>
        </Alert.Root>
      ) : null}
      {showSandboxPortal ? <SandboxPortalPanel view={view} plans={list} /> : null}
      <CurrentPlanCard view={view} plans={list} showCancelControls={!isAdmin && !showSandboxPortal && !granted} showPortal={canManageBilling} granted={granted} />
      {showYearly && list ? <UpgradeCard kind="yearly" view={view} plans={list} /> : null}
      {showPremium && list ? <UpgradeCard kind="premium" view={view} plans={list} /> : null}
      {list ? (
        <Stack gap="3">
          <Heading as="h3" size="md">
            料金プラン
          </Heading>
          <PricingTable plans={list} currentPlanId={currentPlanId} />
          {!isAdmin && !view.hasAccess ? (
            <>
              <Button variant="outline" colorPalette="purple" alignSelf="flex-start" onClick={() => setPlanModalOpen(true)}>
                プランを申し込む（新しいタブ）
              </Button>
              <PremiumPlanModal open={isPlanModalOpen} onOpenChange={setPlanModalOpen} />
            </>
          ) : null}
        </Stack>
      ) : null}
      {!isAdmin && details.data ? <PaymentHistory payments={details.data.payments} /> : null}
    </Stack>
  );
}
