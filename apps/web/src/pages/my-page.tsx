import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Brand } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { DeleteAccountSection } from '../features/account/delete-account';
import { PlanSection } from '../features/billing/plan-section';
import { ReviewDueCard } from '../features/review/review-sections';
import { ScenarioSection } from '../features/scenarios/scenario-section';
import { BookmarkList, DailyGoalEditor, HistoryList, LearningSummary } from '../features/learning/learning-sections';
import { useAuth } from '../lib/auth';

function Section({ title, testId, children, id }: { title: string; testId: string; children: ReactNode; id?: string }) {
  return (
    <Box as="section" id={id} bg="white" borderRadius="xl" boxShadow="sm" p={{ base: 4, md: 6 }} data-testid={testId} aria-label={title} minW="0">
      <Heading as="h2" size="lg" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function AccountSection() {
  const { user } = useAuth();
  return (
    <Section title="アカウント" testId="account-section">
      <Stack gap="4">
        <Box>
          <Text fontSize="sm" color="gray.600">
            メールアドレス
          </Text>
          <Text fontWeight="bold" data-testid="account-email">
            {user?.email ?? ''}
          </Text>
        </Box>
        <Button asChild variant="outline" colorPalette="red" alignSelf="flex-start">
          <Link to="/logout">ログアウト</Link>
        </Button>
      </Stack>
    </Section>
  );
}

/** /my-page (signed-in users; the route guard sends guests to /login). */
export function MyPage({ portal }: { portal?: 'sandbox' }) {
  const { user, isAdmin, isLoading } = useAuth();
  return (
    <Box bg="gray.50" minH="100vh">
      <Container maxW="3xl" py={{ base: 6, md: 10 }} px={{ base: 3, sm: 4 }}>
        <HStack justify="space-between" mb="6" wrap="wrap" gap="2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden />
              ホームに戻る
            </Link>
          </Button>
          <Brand />
        </HStack>
        <Heading as="h1" size="2xl" mb="6">
          マイページ
        </Heading>
        <Stack gap="6">
          <Section title="学習の記録" testId="learning-stats">
            <LearningSummary />
          </Section>
          <Section title="復習" testId="review-section">
            <ReviewDueCard showError />
          </Section>
          <Section title="カスタムシナリオ" testId="scenario-section">
            <ScenarioSection />
          </Section>
          <Section title="1日の目標" testId="daily-goal-section" id="daily-goal">
            <DailyGoalEditor />
          </Section>
          <Section title="学習履歴" testId="history-section">
            <HistoryList />
          </Section>
          <Section title="ブックマーク" testId="bookmarks-section">
            <BookmarkList />
          </Section>
          <Section title="プラン・お支払い" testId="plan-section">
            <PlanSection portal={portal} />
          </Section>
          <AccountSection />
        </Stack>
        {/* Administrators are deleted by another administrator (users tab), never from here. */}
        {user && !isAdmin && !isLoading ? <DeleteAccountSection providers={user.providerData} /> : null}
      </Container>
    </Box>
  );
}
