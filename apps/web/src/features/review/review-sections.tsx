import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSubscription } from '../billing/use-plans';
import { trpc } from '../../lib/trpc';
import { LoadError, loadFailed } from '../layout/load-error';

/** Standard learners see what the premium feature is and where to get it (the server refuses them). */
export function PremiumPrompt({ feature, testId }: { feature: string; testId: string }) {
  return (
    <Stack gap="2" bg="purple.50" borderRadius="lg" p="3" data-testid={testId}>
      <Text fontSize="sm" color="purple.900">
        {feature}はプレミアムプランでご利用いただけます。
      </Text>
      <Button asChild size="xs" colorPalette="purple" alignSelf="flex-start">
        <Link to="/subscription-select">プランを見る</Link>
      </Button>
    </Stack>
  );
}

/** Due reviews and the way into review mode (home screen and my page). */
export function ReviewDueCard({ showError = false }: { showError?: boolean }) {
  const subscription = useSubscription();
  const isPremium = subscription.data?.isPremium ?? false;
  const summary = trpc.review.summary.useQuery(undefined, { enabled: isPremium });
  // My page's 復習 section says when it could not be read (it stayed empty; decision 075); home leaves the card out.
  if (showError && [subscription, summary].some(loadFailed)) return <LoadError query={[subscription, summary]} />;
  if (!subscription.data) return null;
  if (!isPremium) return <PremiumPrompt feature="復習機能" testId="review-upgrade" />;
  if (!summary.data) return null;
  const { dueCount, nextLevel } = summary.data;
  return (
    <HStack bg="white" borderRadius="lg" p="3" boxShadow="xs" justify="space-between" wrap="wrap" gap="2" data-testid="review-due">
      {dueCount > 0 ? (
        <>
          <Text>
            復習の時期の問題: <strong data-testid="review-due-count">{dueCount}</strong>問
          </Text>
          <Button asChild size="sm" colorPalette="purple">
            <Link to="/practice/$difficulty" params={{ difficulty: nextLevel ?? 'middle-school' }} search={{ mode: 'review' }}>
              復習する
            </Link>
          </Button>
        </>
      ) : (
        <Text fontSize="sm" color="gray.600">
          復習する問題はありません。星3つ以下の解答とブックマークした問題が、復習の時期になるとここに表示されます。
        </Text>
      )}
    </HStack>
  );
}
