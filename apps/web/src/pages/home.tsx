import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type LevelKey } from '@shunkan/config/levels';
import { Brand } from '@shunkan/ui/components';
import { Link, useNavigate } from '@tanstack/react-router';
import { MemberPractice } from '../features/practice/member-practice';
import { TrialBanner } from '../features/billing/subscription-guard';
import { DailyGoalProgress } from '../features/learning/learning-sections';
import { LevelCards } from '../features/practice/level-cards';
import { ReviewDueCard } from '../features/review/review-sections';
import { useAuth } from '../lib/auth';

function LevelSelection({ onSelect }: { onSelect: (level: LevelKey) => void }) {
  const { isAdmin } = useAuth();
  return (
    <>
      <TrialBanner />
      <Container maxW="3xl" py="6">
        <HStack justify="space-between" mb="6" wrap="wrap" gap="2">
          <Brand />
          <HStack gap="2">
            {isAdmin ? (
              <Button asChild size="sm" variant="outline" colorPalette="purple">
                <Link to="/admin">管理者</Link>
              </Button>
            ) : null}
            <Button asChild size="sm" variant="outline">
              <Link to="/my-page">マイページ</Link>
            </Button>
          </HStack>
        </HStack>
        <Stack gap="2" mb="6">
          <Heading as="h1" size="2xl">
            レベルを選んでください
          </Heading>
          <Text color="gray.600">日本語を見て、すぐに英語に。星5段階の評価と模範解答、解説がすぐに届きます。</Text>
        </Stack>
        <Stack gap="4" mb="6">
          <DailyGoalProgress />
          <ReviewDueCard />
        </Stack>
        <LevelCards onSelect={onSelect} />
      </Container>
    </>
  );
}

/** `/` (and `/home`): level selection, or the practice screen for `?difficulty=<level>`. */
export function HomePage({ level }: { level?: LevelKey }) {
  const navigate = useNavigate();
  return level ? (
    <MemberPractice key={level} level={level} onBack={() => void navigate({ to: '/', search: {} })} />
  ) : (
    <LevelSelection onSelect={(next) => void navigate({ to: '/practice/$difficulty', params: { difficulty: next } })} />
  );
}

