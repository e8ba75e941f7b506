import { Button, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

export const CHECKOUT_TEXT = {
  notReadyTitle: 'エラー',
  notReady: '決済システムの初期化中です。もう一度お試しください。',
  confirmFailed: '決済処理中にエラーが発生しました',
  prepareFailed: '決済の準備中にエラーが発生しました',
  configError: '決済システムの設定エラーです。',
  preparing: '決済の準備中...',
} as const;

/** What a payment form needs once the server has created the payment intent. */
export type PaymentFormProps = {
  clientSecret: string;
  planId: string;
  /** Absolute URL of the payment-complete page for this plan. */
  returnUrl: string;
  onSucceeded: (planId: string) => void;
};

/** Submit (決済を確定する / 処理中...) and back to plan selection, shared by both payment forms. */
export function CheckoutActions({ busy, disabled }: { busy: boolean; disabled: boolean }) {
  return (
    <Stack gap="3">
      <Button type="submit" colorPalette="blue" size="lg" disabled={disabled || busy} data-testid="checkout-submit">
        {busy ? '処理中...' : '決済を確定する'}
      </Button>
      <Button asChild variant="ghost">
        <Link to="/subscription-select">プラン選択に戻る</Link>
      </Button>
    </Stack>
  );
}
