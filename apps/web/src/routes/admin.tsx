import { Badge, Button, Container, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AdminAccountTools } from '../features/admin/account-tools';
import { useAuth } from '../lib/auth';

export function AdminDenied() {
  return (
    <CenteredCard>
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="xl">
          {TEXT.adminDeniedTitle}
        </Heading>
        <Text>{TEXT.adminDeniedBody}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

const TABS = [
  { value: 'overview', label: '概要' },
  { value: 'users', label: 'ユーザー' },
  { value: 'content', label: 'コンテンツ' },
  { value: 'payments', label: '決済' },
  { value: 'tools', label: 'ツール' },
] as const;

/** Denied unless the server says isAdmin; every admin call is checked again on the server. */
export function AdminPage() {
  const { isAdmin, isLoading } = useAuth();
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  if (isLoading) return <FullPageSpinner />;
  if (!isAdmin) return <AdminDenied />;
  const tab = TABS.some((t) => t.value === search.tab) ? (search.tab as string) : 'overview';
  return (
    <Container maxW="5xl" py="6">
      <HStack justify="space-between" mb="6">
        <Heading as="h1" size="2xl">
          管理ダッシュボード
        </Heading>
        <Button asChild variant="outline">
          <Link to="/">ホーム</Link>
        </Button>
      </HStack>
      <Tabs.Root value={tab} onValueChange={(e) => void navigate({ to: '/admin', search: { tab: e.value } })}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.filter((t) => t.value !== 'tools').map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            <Stack py="10" align="center" gap="3">
              <Badge colorPalette="orange" size="lg">
                {TEXT.preparing}
              </Badge>
              <Text color="gray.600">{t.label}の画面は準備中です。</Text>
            </Stack>
          </Tabs.Content>
        ))}
        <Tabs.Content value="tools">
          <AdminAccountTools />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
