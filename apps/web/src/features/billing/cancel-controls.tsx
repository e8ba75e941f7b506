import { Button, HStack } from '@chakra-ui/react';
import { notify } from '@shunkan/ui/toaster';
import { useRef, useState } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { focusCurrentPlan, formatDate } from './billing-format';
import { ConfirmDialog } from './confirm-dialog';
import type { TSubscription } from './use-plans';

/**
 * Cancel at the end of the paid period, or take the cancellation back. Honest billing: two clicks
 * (解約する, then 解約する in the confirmation), and the learner keeps access until the period ends.
 */
export function CancelControls({ view }: { view: TSubscription }) {
  const utils = trpc.useUtils();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  // 解約する and 解約を取り消す replace each other: after either, focus goes to the current plan, whose
  // notice says what changed (the button that had focus is gone).
  const cancelled = useRef(false);
  const onChanged = (next: TSubscription) => {
    utils.subscription.current.setData(undefined, next);
    void utils.billing.details.invalidate();
  };
  const cancel = trpc.billing.cancelAtPeriodEnd.useMutation({
    onSuccess: (next) => {
      cancelled.current = true;
      onChanged(next);
      setConfirmOpen(false);
      notify({
        type: 'success',
        title: '解約を受け付けました',
        description: next.currentPeriodEnd ? `${formatDate(next.currentPeriodEnd)}まで引き続きご利用いただけます` : undefined,
      });
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '解約の手続きに失敗しました') }),
  });
  const resume = trpc.billing.resume.useMutation({
    onSuccess: (next) => {
      onChanged(next);
      // Not through a dialog: the button is replaced as this render commits.
      requestAnimationFrame(() => focusCurrentPlan()?.focus());
      notify({ type: 'success', title: '解約を取り消しました', description: '引き続きご利用いただけます' });
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '解約の取り消しに失敗しました') }),
  });

  if (view.subscriptionStatus !== 'active') return null;
  const periodEnd = formatDate(view.currentPeriodEnd);

  if (view.cancelAtPeriodEnd) {
    return (
      <HStack>
        <Button variant="outline" colorPalette="blue" onClick={() => resume.mutate()} loading={resume.isPending}>
          解約を取り消す
        </Button>
      </HStack>
    );
  }
  return (
    <HStack>
      <Button variant="outline" colorPalette="red" onClick={() => setConfirmOpen(true)}>
        解約する
      </Button>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        title="解約の確認"
        confirmLabel="解約する"
        colorPalette="red"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        finalFocusEl={() => (cancelled.current ? focusCurrentPlan() : null)}
      >
        {periodEnd
          ? `解約すると、${periodEnd}のご利用期間の終了をもって自動更新が停止されます。それまでは引き続きすべての機能をご利用いただけます。`
          : '解約すると、現在のご利用期間の終了をもって自動更新が停止されます。それまでは引き続きすべての機能をご利用いただけます。'}
      </ConfirmDialog>
    </HStack>
  );
}
