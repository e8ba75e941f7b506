import { Alert, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { notify } from '@shunkan/ui/toaster';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { NO_VALIDATE } from '../auth/form-parts';
import { CHECKOUT_TEXT, CheckoutActions, paymentErrorMessage, type PaymentFormProps } from './checkout-parts';

type CardErrors = { cardNumber?: string; expiry?: string; cvc?: string };

function validateCard(input: { cardNumber: string; expiry: string; cvc: string }): CardErrors {
  const errors: CardErrors = {};
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!digits) errors.cardNumber = 'カード番号を入力してください';
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'カード番号は半角数字で入力してください';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = '有効期限を「MM / YY」の形式で入力してください';
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'セキュリティコードは3〜4桁の数字で入力してください';
  return errors;
}

/**
 * The payment form of the sandbox billing mode (no Stripe account configured): the same state
 * machine as Stripe, run by our server, and labelled so nobody mistakes it for a real payment.
 */
export function SandboxPaymentForm({ clientSecret, planId, onSucceeded, cancelHref }: PaymentFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const confirm = trpc.billing.confirmSandboxPayment.useMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = validateCard({ cardNumber, expiry, cvc });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await confirm.mutateAsync({ clientSecret, cardNumber: cardNumber.replace(/[\s-]/g, '') });
      onSucceeded(result.planId ?? planId);
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: paymentErrorMessage(error, CHECKOUT_TEXT.confirmFailed) });
    }
  }

  return (
    <Stack as="form" gap="5" onSubmit={onSubmit} {...NO_VALIDATE} data-testid="sandbox-payment-form">
      <Alert.Root status="warning" variant="surface">
        <Alert.Indicator />
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
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          bg="white"
        />
        {errors.cardNumber ? <Field.ErrorText>{errors.cardNumber}</Field.ErrorText> : null}
      </Field.Root>
      <HStack gap="4" align="flex-start">
        <Field.Root invalid={Boolean(errors.expiry)}>
          <Field.Label>有効期限</Field.Label>
          <Input name="expiry" autoComplete="off" placeholder="12 / 34" value={expiry} onChange={(e) => setExpiry(e.target.value)} bg="white" />
          {errors.expiry ? <Field.ErrorText>{errors.expiry}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.cvc)}>
          <Field.Label>セキュリティコード</Field.Label>
          <Input name="cvc" inputMode="numeric" autoComplete="off" placeholder="123" value={cvc} onChange={(e) => setCvc(e.target.value)} bg="white" />
          {errors.cvc ? <Field.ErrorText>{errors.cvc}</Field.ErrorText> : null}
        </Field.Root>
      </HStack>
      <CheckoutActions busy={confirm.isPending} disabled={false} cancelHref={cancelHref} />
    </Stack>
  );
}
