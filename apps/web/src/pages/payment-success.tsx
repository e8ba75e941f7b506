import { Box, Button, Heading, HStack, List, Spinner, Text } from '@chakra-ui/react';
import { findPlan } from '@shunkan/config/plans';
import { Link, Navigate } from '@tanstack/react-router';
import { PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate, trialEndIfStartedNow } from '../features/billing/billing-format';
import { PlanFeatures } from '../features/billing/plan-card';
import { FullPageSpinner } from '@shunkan/ui/components';
import { isSessionPending, useAuth } from '../lib/auth';
import type { PaymentSuccessSearch } from '../lib/search';
import { ResultCard, usePlanName } from '../features/billing/result-card';
import { trpc } from '../lib/trpc';


/** /payment-success and /success: ?trial=true, or ?plan=<planId> (unknown ids read as standard). */
export function PaymentSuccessPage({ search }: { search: PaymentSuccessSearch }) {
  const isTrial = search.trial === true;
  const planId = search.plan ?? 'standard';
  const { user, initialized } = useAuth();
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
  // A guest's result needs no Firebase SDK; a browser holding a session waits for it (decision 048).
  if (isSessionPending(initialized)) return <FullPageSpinner />;

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

