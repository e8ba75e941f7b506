import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { PlanId } from '@shunkan/config/plans';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { cancelTargetFromSearch, formatPrice } from '../features/billing/billing-format';
import { usePlanName } from '../features/billing/result-card';
import { useAuth } from '../lib/auth';
import { hasSessionHint } from '../lib/firebase';
import type { CheckoutSearch } from '../lib/search';

// The payment form (and its payment-intent call) is a chunk of its own: a guest, who is asked to log in
// first, does not load it, nor the Firebase SDK (decision 044).
const CheckoutForm = lazy(() => import('../features/billing/checkout-form').then((module) => ({ default: module.CheckoutForm })));

/**
 * /checkout?plan=<planId> (default standard), plus cancel=<path> when a sandbox checkout session sent the
 * learner here. Public route; paying needs an account.
 */
export function CheckoutPage({ search }: { search: CheckoutSearch }) {
  const planId = search.plan ?? 'standard';
  const cancelHref = cancelTargetFromSearch(search.cancel, window.location.origin);
  const { user, initialized } = useAuth();
  // Without a session hint the SDK is not loaded (lib/route-needs.ts): this browser has no session.
  if (!initialized && hasSessionHint()) return <FullPageSpinner />;
  if (!user) return <CheckoutSignIn planId={planId} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <CheckoutForm key={planId} planId={planId} cancelHref={cancelHref} />
    </Suspense>
  );
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

