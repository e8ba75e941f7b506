import { Button, Stack } from '@chakra-ui/react';
import { BILLING_UI_TEXT } from '@shunkan/config/billing';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../../lib/trpc';

export const CHECKOUT_TEXT = {
  notReadyTitle: 'エラー',
  notReady: '決済システムの初期化中です。もう一度お試しください。',
  confirmFailed: '決済処理中にエラーが発生しました',
  prepareFailed: '決済の準備中にエラーが発生しました',
  configError: '決済システムの設定エラーです。',
  preparing: '決済の準備中...',
} as const;

/**
 * The learner-facing reason of a failed payment call: the server's (Japanese) message when the server
 * answered, otherwise the spec's fallback (a network failure's "Failed to fetch" says nothing useful).
 */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  return error instanceof TRPCClientError && error.data === undefined ? fallback : errorMessage(error, fallback);
}

/** What a payment form needs once the server has created the payment intent. */
export type PaymentFormProps = {
  clientSecret: string;
  planId: string;
  /** Absolute URL of the payment-complete page for this plan. */
  returnUrl: string;
  onSucceeded: (planId: string) => void;
  /** Sandbox only: the page the cancel button leads to (payment cancelled, or the session's cancel URL). */
  cancelHref: string;
};

/**
 * Submit (決済を確定する / 処理中...) and back to plan selection, shared by both payment forms; with
 * `cancelHref`, also the cancel button that Stripe's hosted page has (the sandbox form's way to the
 * payment-cancelled page).
 */
export function CheckoutActions({ busy, disabled, cancelHref }: { busy: boolean; disabled: boolean; cancelHref?: string }) {
  const navigate = useNavigate();
  return (
    <Stack gap="3">
      <Button type="submit" colorPalette="blue" size="lg" disabled={disabled || busy} data-testid="checkout-submit">
        {busy ? '処理中...' : '決済を確定する'}
      </Button>
      {cancelHref ? (
        <Button type="button" variant="outline" colorPalette="red" disabled={busy} onClick={() => void navigate({ href: cancelHref })}>
          {BILLING_UI_TEXT.cancelPayment}
        </Button>
      ) : null}
      <Button asChild variant="ghost">
        <Link to="/subscription-select">プラン選択に戻る</Link>
      </Button>
    </Stack>
  );
}
