import { Box, Button, Heading, HStack, List, Spinner, Text } from '@chakra-ui/react';
import { findPlan } from '@shunkan/config/plans';
import { Link } from '@tanstack/react-router';
import { PartyPopper } from 'lucide-react';
import type { PaymentSuccessSearch } from '../../lib/search';
import { formatDate, trialEndIfStartedNow } from './billing-format';
import { PlanFeatures } from './plan-card';
import { ResultCard, usePlanName } from './result-card';
import type { TSubscription } from './use-plans';

/**
 * The payment result (/payment-success, /success) as a guest and a signed-in learner both see it; the
 * learner's subscription, read again by ./member-payment-success.tsx, adds the payment's confirmation
 * state. It uses no data-layer hook, so a guest's page loads none (decision 048).
 */
export function PaymentSuccessView({
  search,
  signedIn = false,
  subscription,
  isWaiting = false,
}: {
  search: PaymentSuccessSearch;
  signedIn?: boolean;
  subscription?: TSubscription;
  isWaiting?: boolean;
}) {
  const isTrial = search.trial === true;
  const planId = search.plan ?? 'standard';
  const { plan, name } = usePlanName(planId);
  const trialEnd = subscription?.trialEndsAt ?? trialEndIfStartedNow().toISOString();
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
          {subscription && !subscription.hasAccess ? (
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
      {signedIn ? (
        <Button asChild variant="ghost" size="sm">
          <Link to="/my-page">マイページでご契約内容を確認する</Link>
        </Button>
      ) : null}
    </ResultCard>
  );
}

