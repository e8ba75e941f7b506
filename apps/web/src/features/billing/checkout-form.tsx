import { Alert, Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { BILLING_UI_TEXT } from '@shunkan/config/billing';
import { findPlan, isPlanId, type PlanId } from '@shunkan/config/plans';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { dismissNotifications, notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatPrice } from './billing-format';
import { CHECKOUT_TEXT, paymentErrorMessage } from './checkout-parts';
import { SandboxPaymentForm } from './sandbox-payment-form';
import { usePlanName } from './result-card';
import { getPublicConfig } from '../../lib/public-config';
import { trpc } from '../../lib/trpc';

// Stripe.js and its React bindings load only when a Stripe-mode checkout form is shown.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

type Intent = { clientSecret: string; mode: 'sandbox' | 'stripe'; planId: string; amount: number; planName: string };

/** A signed-in learner's checkout: one payment intent per visit, then the sandbox or Stripe form. */
export function CheckoutForm({ planId, cancelHref }: { planId: PlanId; cancelHref: string }) {
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
            <Alert.Indicator aria-hidden />
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
    // An earlier attempt's error (a declined card) is over once a payment went through.
    dismissNotifications();
    void utils.subscription.current.invalidate();
    void navigate({ to: '/payment-success', search: { plan: isPlanId(paidPlanId) ? paidPlanId : undefined } });
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

