import { Box, Button, Card, Container, Heading, HStack, Icon, Link as ChakraLink, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';

/**
 * Spec section 2: admins and learners with an active subscription or trial see the practice screens
 * (the router's guard, lib/guards.ts `subscriptionAccess`, decides from the server's record); others
 * this card saying a subscription is required. The server enforces the same rule on every practice call.
 */
export function SubscriptionRequired() {
  return (
    <Container maxW="lg" py="16">
      <Card.Root data-testid="subscription-required">
        <Card.Body gap="5" textAlign="center">
          <Icon boxSize="10" color="gray.600" mx="auto">
            <Lock aria-hidden />
          </Icon>
          <Heading as="h1" size="md" lineHeight="tall">
            {TEXT.subscriptionRequired}
          </Heading>
          <Button asChild colorPalette="blue">
            <Link to="/subscription/select">プランを選択</Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to="/my-page">マイページ</Link>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** Shown only while trialing, with the end date in advance (honest billing). */
export function TrialBanner() {
  const { user } = useAuth();
  const subscription = trpc.subscription.current.useQuery(undefined, { enabled: Boolean(user) });
  const data = subscription.data;
  if (!data || data.subscriptionStatus !== 'trialing') return null;
  const end = data.trialEndsAt ? new Date(data.trialEndsAt).toLocaleDateString('ja-JP', { month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' }) : '';
  return (
    <Box bg="blue.50" borderBottomWidth="1px" borderColor="blue.100" py="2" data-testid="trial-banner">
      <Container maxW="3xl">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm">
            無料トライアル中：残り{data.trialDaysRemaining}日（{end}まで）。終了後に自動で課金されることはありません。
          </Text>
          <ChakraLink asChild fontSize="sm" fontWeight="bold" color="blue.700" minH="11" minW="11">
            <Link to="/subscription-select">今すぐ登録</Link>
          </ChakraLink>
        </HStack>
      </Container>
    </Box>
  );
}
