import { Badge, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { isPlanId } from '@shunkan/config/plans';
import { Brand } from '@shunkan/ui/components';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { formatDate, trialEndIfStartedNow } from './billing-format';
import { findCatalogPlan, getPlanCatalogue } from './plan-catalogue';
import { PlanCard } from './plan-card';
import { PlanSummaryRow } from './plan-summary-row';
import type { TSubscription } from './use-plans';

/**
 * Plan selection (/subscription-select) as a guest and a signed-in learner both see it: the catalogue
 * (from the configuration) and a trial offer. It uses no data-layer hook, so a guest's page loads none;
 * the signed-in learner's parts (their subscription, the trial mutation) are in
 * ./member-plan-selection.tsx (decision 048).
 */
const TRIAL_BUTTON = '7日間無料トライアルを始める';

function PageHeader() {
  return (
    <HStack justify="space-between" mb="6">
      <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
        <Brand />
      </Link>
    </HStack>
  );
}

export function TrialOfferCard({ onStart, loading = false, disabled = false, guest = false }: { onStart: () => void; loading?: boolean; disabled?: boolean; guest?: boolean }) {
  return (
    <Card.Root bg="blue.50" borderColor="blue.200" data-testid="trial-offer">
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="blue">カード登録不要</Badge>
          <Heading as="h2" size="md">
            まずは7日間、無料ですべての機能を
          </Heading>
        </HStack>
        <Text fontSize="sm" color="gray.700">
          今日始めると、無料トライアルは<strong>{formatDate(trialEndIfStartedNow())}</strong>
          まで。終了後に自動で課金されることはありません。続ける場合だけプランをお選びください。
        </Text>
        <Button colorPalette="blue" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={onStart} loading={loading} disabled={disabled}>
          {TRIAL_BUTTON}
        </Button>
        {guest ? (
          // A learner who has just confirmed their address lands here signed out (spec: /confirm goes to
          // plan selection); the trial button leads a new visitor to signup, this one back here signed in.
          <Button asChild variant="outline" colorPalette="blue" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            <Link to="/login" search={{ redirect: '/subscription-select' }}>
              アカウントをお持ちの方はログイン
            </Link>
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export function PlanSelection({ subscription, note, trialOffer }: { subscription?: TSubscription; note?: ReactNode; trialOffer: ReactNode }) {
  const navigate = useNavigate();
  const { isAdmin } = useAuth();
  const list = getPlanCatalogue();
  const main = (['standard', 'standard-yearly'] as const).map((id) => findCatalogPlan(list, id)).filter((p) => p !== undefined);
  const premium = (['premium', 'premium-yearly'] as const).map((id) => findCatalogPlan(list, id)).filter((p) => p !== undefined);
  // A learner with a paid plan changes it from my page (the server refuses a second subscription).
  const isPaying = subscription?.subscriptionStatus === 'active' || subscription?.subscriptionStatus === 'past_due';
  const currentPlanId = isPaying ? (subscription?.planType ?? null) : null;
  const choose = (planId: string) => void navigate({ to: '/checkout', search: { plan: isPlanId(planId) ? planId : undefined } });

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <PageHeader />
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            プランを選択
          </Heading>
          <Text color="gray.600">毎日の瞬間英作文で、英語がすぐ口から出るように。ご自分に合ったプランをお選びください。</Text>
        </Stack>
        {note}
        {trialOffer}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {main.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              actionLabel={currentPlanId === plan.id ? 'ご利用中' : 'このプランを選択'}
              onSelect={() => choose(plan.id)}
              disabled={isAdmin || isPaying}
              isCurrent={currentPlanId === plan.id}
            />
          ))}
        </SimpleGrid>
        {premium.length > 0 ? (
          <Box as="section" aria-labelledby="premium-heading" borderWidth="1px" borderRadius="lg" p="5" bg="purple.50" borderColor="purple.100">
            <Stack gap="3">
              <Heading as="h2" size="md" id="premium-heading">
                プレミアム
              </Heading>
              <Text fontSize="sm" color="gray.700">
                スタンダードの全機能に加えて、カスタムシナリオ作成・復習機能・詳細な学習分析が使えます。
              </Text>
              <Stack gap="2">
                {premium.map((plan) => (
                  <PlanSummaryRow
                    key={plan.id}
                    plan={plan}
                    testId={`plan-row-${plan.id}`}
                    colorPalette="purple"
                    actionLabel={currentPlanId === plan.id ? 'ご利用中' : 'このプランを選択'}
                    onSelect={() => choose(plan.id)}
                    disabled={isAdmin || isPaying}
                  />
                ))}
              </Stack>
              {isPaying && subscription?.subscriptionType === 'standard' && !subscription.grantedByAdmin ? (
                <Text fontSize="sm" data-testid="premium-upgrade-link">
                  ご利用中のスタンダードからは、日割りの差額でプレミアムに変更できます：
                  <Link to="/my-page">マイページでプレミアムプランに変更する</Link>
                </Text>
              ) : null}
            </Stack>
          </Box>
        ) : null}

        <Text fontSize="sm" color="gray.600" textAlign="center">
          有料プランは期間ごとに自動更新されます。マイページからいつでも解約でき、解約後も期間の終わりまでご利用いただけます。
        </Text>
        <Button asChild variant="ghost" alignSelf="center">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </Container>
  );
}
