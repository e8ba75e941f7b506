import { Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { notify } from '@shunkan/ui/toaster';
import { useCallback, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { errorMessage, trpc } from '../../lib/trpc';
import { formatDate, formatPrice, trialEndIfStartedNow } from './billing-format';
import { paymentErrorMessage } from './checkout-parts';
import { PlanSummaryRow } from './plan-summary-row';
import { getPlanCatalogue, type CatalogPlan } from './plan-catalogue';
import { useSubscription } from './use-plans';

/** Only http(s) addresses from the server are opened (never javascript: or data: URLs). */
function toSafeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Spec: plan list, choose a plan → the checkout opens in a new tab → a confirmation state from which
 * the learner goes back or closes; plus the free trial while it is unused.
 */
export function PremiumPlanModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { isAdmin } = useAuth();
  const subscription = useSubscription();
  const utils = trpc.useUtils();
  const [openedPlan, setOpenedPlan] = useState<CatalogPlan | null>(null);
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  // The confirmation replaces the list whose 選択する had focus, and 戻る replaces the confirmation: each
  // time focus would fall behind the open dialog (to <body>). The confirmation takes it, and 戻る gives
  // it to the plan chosen (decision 075).
  const [returnedFrom, setReturnedFrom] = useState<string | null>(null);
  const focusConfirmation = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const createSession = trpc.billing.createCheckoutSession.useMutation();
  const startTrial = trpc.billing.startTrial.useMutation({
    onSuccess: (view) => {
      utils.subscription.current.setData(undefined, view);
      notify({ type: 'success', title: '7日間無料トライアルが開始されました', description: view.trialEndsAt ? `${formatDate(view.trialEndsAt)}まで無料でご利用いただけます` : undefined });
      handleOpenChange(false);
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '無料トライアルを開始できませんでした') }),
  });

  async function choose(plan: CatalogPlan) {
    // The tab is opened during the click, before the request, so popup blockers allow it.
    const tab = window.open('', '_blank');
    setPendingPlanId(plan.id);
    setReturnedFrom(null);
    try {
      // The server's default return pages (payment complete with the plan, payment cancelled) apply.
      const { url } = await createSession.mutateAsync({ planId: plan.id });
      const safeUrl = toSafeUrl(url);
      if (!safeUrl) throw new Error('Failed to create checkout session');
      if (tab) {
        tab.opener = null;
        tab.location.href = safeUrl;
      } else {
        window.open(safeUrl, '_blank', 'noopener');
      }
      setOpenedPlan(plan);
    } catch (error) {
      tab?.close();
      notify({ type: 'error', title: 'エラー', description: paymentErrorMessage(error, 'Failed to create checkout session') });
    } finally {
      setPendingPlanId(null);
    }
  }

  function handleOpenChange(next: boolean) {
    if (!next) {
      setOpenedPlan(null);
      // The learner may have paid in the other tab.
      void utils.subscription.current.invalidate();
    }
    onOpenChange(next);
  }
  const close = () => handleOpenChange(false);

  const view = subscription.data;
  const canStartTrial = !isAdmin && view !== undefined && !view.trialUsed && view.subscriptionStatus !== 'active';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => handleOpenChange(e.open)}
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="premium-plan-modal">
            <Dialog.Header>
              <Dialog.Title>{openedPlan ? '決済画面を開きました' : 'プランを選択'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {openedPlan ? (
                <Stack gap="3" data-testid="checkout-opened" tabIndex={-1} ref={focusConfirmation}>
                  <Text fontWeight="bold">新しいタブで決済画面を開きました</Text>
                  <Text fontSize="sm" color="gray.600">
                    {openedPlan.name}プラン（{formatPrice(openedPlan.priceYen, openedPlan.interval)}）のお支払いを新しいタブで完了してください。完了後、この画面を閉じるとご利用状況が更新されます。
                  </Text>
                </Stack>
              ) : (
                <Stack gap="3">
                  {isAdmin ? (
                    <Text fontSize="sm" color="gray.600">
                      管理者アカウントのため、課金は適用されず全機能を無料でご利用いただけます
                    </Text>
                  ) : null}
                  {canStartTrial ? (
                    <Box bg="blue.50" borderRadius="lg" p="3">
                      <Text fontSize="sm" mb="2">
                        カード登録不要。今日始めると{formatDate(trialEndIfStartedNow())}まで無料で、終了後に自動で課金されることはありません。
                      </Text>
                      <Button colorPalette="blue" variant="subtle" size="sm" loading={startTrial.isPending} onClick={() => startTrial.mutate()}>
                        7日間無料トライアルを始める
                      </Button>
                    </Box>
                  ) : null}
                  {getPlanCatalogue().map((plan) => (
                    <PlanSummaryRow
                      key={plan.id}
                      plan={plan}
                      testId={`modal-plan-${plan.id}`}
                      showPopular
                      actionLabel="選択する"
                      loading={pendingPlanId === plan.id}
                      disabled={isAdmin || (pendingPlanId !== null && pendingPlanId !== plan.id)}
                      onSelect={() => void choose(plan)}
                      autoFocus={returnedFrom === plan.id}
                    />
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {openedPlan ? (
                <>
                  <Button
                    variant="outline"
                    onClick={() => {
                      setReturnedFrom(openedPlan.id);
                      setOpenedPlan(null);
                    }}
                  >
                    戻る
                  </Button>
                  <Button colorPalette="blue" onClick={close}>
                    閉じる
                  </Button>
                </>
              ) : (
                <Button variant="ghost" onClick={close}>
                  閉じる
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
