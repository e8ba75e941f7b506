import { Alert, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { notify } from '@shunkan/ui/toaster';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useKeepFocus } from '../../lib/keep-focus';
import { trpc } from '../../lib/trpc';
import { NO_VALIDATE } from '../auth/form-parts';
import { CHECKOUT_TEXT, CheckoutActions, paymentErrorMessage, type PaymentFormProps } from './checkout-parts';

/** Full-width digits, spaces and slashes (typed with a Japanese IME on) read as the half-width ones. */
const halfWidth = (value: string) => value.normalize('NFKC').trim();
const digitsOf = (cardNumber: string) => halfWidth(cardNumber).replace(/[\s-]/g, '');
const EXPIRY = /^(\d{2})\s*\/\s*(\d{2})$/;

/** MM / YY of a card still valid this month (Tokyo time is close enough for a sandbox hint). */
function isExpiryPast(value: string, now = new Date()): boolean {
  const match = EXPIRY.exec(halfWidth(value));
  if (!match) return false;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/**
 * The sandbox card (test cards only; the server checks the number again and decides the outcome). Each
 * message names what is wrong: "1234" is half-width digits, too few of them (decision 056).
 */
const sandboxCard = z.object({
  cardNumber: z
    .string()
    .check(
      z.refine((value) => digitsOf(value) !== '', 'カード番号を入力してください'),
      z.refine((value) => digitsOf(value) === '' || /^\d+$/.test(digitsOf(value)), 'カード番号は数字で入力してください'),
      z.refine((value) => !/^\d+$/.test(digitsOf(value)) || /^\d{12,19}$/.test(digitsOf(value)), 'カード番号は12〜19桁の数字で入力してください'),
    ),
  expiry: z.string().check(
    z.refine((value) => {
      const month = Number(EXPIRY.exec(halfWidth(value))?.[1] ?? 0);
      return month >= 1 && month <= 12;
    }, '有効期限を「MM / YY」の形式で入力してください'),
    z.refine((value) => !isExpiryPast(value), '有効期限が過ぎています。未来の年月を入力してください'),
  ),
  cvc: z.string().check(z.refine((value) => /^\d{3,4}$/.test(halfWidth(value)), 'セキュリティコードは3〜4桁の数字で入力してください')),
});

/**
 * The payment form of the sandbox billing mode (no Stripe account configured): the same state
 * machine as Stripe, run by our server, and labelled so nobody mistakes it for a real payment.
 */
export function SandboxPaymentForm({ clientSecret, planId, onSucceeded, cancelHref }: PaymentFormProps) {
  const form = useForm({ resolver: zodResolver(sandboxCard), defaultValues: { cardNumber: '', expiry: '', cvc: '' } });
  const { errors } = form.formState;
  const confirm = trpc.billing.confirmSandboxPayment.useMutation();
  // 決済を確定する is disabled while it works: a declined card gives focus back to it (decision 065).
  const rememberFocus = useKeepFocus(confirm.isPending);

  const onSubmit = form.handleSubmit(async ({ cardNumber }) => {
    if (confirm.isPending) return;
    rememberFocus();
    try {
      const result = await confirm.mutateAsync({ clientSecret, cardNumber: digitsOf(cardNumber) });
      onSucceeded(result.planId ?? planId);
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: paymentErrorMessage(error, CHECKOUT_TEXT.confirmFailed) });
    }
  });

  return (
    <Stack as="form" gap="5" onSubmit={onSubmit} {...NO_VALIDATE} data-testid="sandbox-payment-form">
      <Alert.Root status="warning" variant="surface">
        <Alert.Indicator aria-hidden />
        <Alert.Content>
          <Alert.Title>サンドボックス決済（テスト用）— 実際の請求は発生しません</Alert.Title>
          <Alert.Description>
            <Text fontSize="sm">テスト用カード：4242 4242 4242 4242（成功）／ 4000 0000 0000 0002（カード拒否）</Text>
            <Text fontSize="sm">有効期限は未来の年月（例：12 / 34）、セキュリティコードは任意の3桁（例：123）を入力してください。</Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root invalid={Boolean(errors.cardNumber)}>
        <Field.Label>カード番号</Field.Label>
        <Input
          {...form.register('cardNumber')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          bg="white"
        />
        {errors.cardNumber ? <Field.ErrorText>{errors.cardNumber.message}</Field.ErrorText> : null}
      </Field.Root>
      <HStack gap="4" align="flex-start">
        <Field.Root invalid={Boolean(errors.expiry)}>
          <Field.Label>有効期限</Field.Label>
          <Input {...form.register('expiry')} autoComplete="off" placeholder="12 / 34" bg="white" />
          {errors.expiry ? <Field.ErrorText>{errors.expiry.message}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.cvc)}>
          <Field.Label>セキュリティコード</Field.Label>
          <Input {...form.register('cvc')} inputMode="numeric" autoComplete="off" placeholder="123" bg="white" />
          {errors.cvc ? <Field.ErrorText>{errors.cvc.message}</Field.ErrorText> : null}
        </Field.Root>
      </HStack>
      <CheckoutActions busy={confirm.isPending} disabled={false} cancelHref={cancelHref} />
    </Stack>
  );
}
