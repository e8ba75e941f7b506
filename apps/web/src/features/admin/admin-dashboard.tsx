import { Badge, Button, Container, Heading, HStack, Tabs, VisuallyHidden } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AnalyticsTab } from './analytics-tab';
import { AppealsTab, usePendingAppealCount } from './appeals-tab';
import { ContentTab } from './content-tab';
import { OverviewTab } from './overview-tab';
import { PaymentsTab } from './payments-tab';
import { ToolsTab } from './tools-tab';
import { UsersTab } from './users-tab';

export const ADMIN_TABS = [
  { value: 'overview', label: '概要' },
  { value: 'users', label: 'ユーザー' },
  { value: 'content', label: 'コンテンツ' },
  { value: 'appeals', label: '申し立て' },
  { value: 'payments', label: '決済' },
  { value: 'analytics', label: '分析' },
  { value: 'tools', label: 'ツール' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

export function isAdminTab(value: unknown): value is AdminTab {
  return ADMIN_TABS.some((t) => t.value === value);
}

/** The dashboard for an admin (the route shows the denial screen to everyone else). */
export function AdminDashboard({ tab, tool }: { tab: AdminTab; tool?: string }) {
  const navigate = useNavigate();
  const pendingAppeals = usePendingAppealCount();
  return (
    <Container maxW="6xl" py="6" px={{ base: '3', sm: '6' }}>
      <HStack justify="space-between" mb="6" gap="3">
        <Heading as="h1" size={{ base: 'xl', sm: '2xl' }}>
          管理ダッシュボード
        </Heading>
        <Button asChild variant="outline" flexShrink={0}>
          <Link to="/">ホーム</Link>
        </Button>
      </HStack>
      <Tabs.Root value={tab} lazyMount unmountOnExit onValueChange={(e) => void navigate({ to: '/admin', search: { tab: e.value } })}>
        {/* On a phone the labels keep their width and the list scrolls sideways. */}
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap="nowrap" css={{ scrollbarWidth: 'thin' }} data-testid="admin-tabs">
          {ADMIN_TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} flexShrink={0} whiteSpace="nowrap">
              {t.label}
              {t.value === 'appeals' && pendingAppeals ? (
                <Badge colorPalette="orange" variant="solid" size="sm" borderRadius="full" data-testid="appeals-pending-count">
                  {pendingAppeals}
                  <VisuallyHidden>件の確認待ち</VisuallyHidden>
                </Badge>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" pt="6">
          <OverviewTab />
        </Tabs.Content>
        <Tabs.Content value="users" pt="6">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="content" pt="6">
          <ContentTab />
        </Tabs.Content>
        <Tabs.Content value="appeals" pt="6">
          <AppealsTab />
        </Tabs.Content>
        <Tabs.Content value="payments" pt="6">
          <PaymentsTab />
        </Tabs.Content>
        <Tabs.Content value="analytics" pt="6">
          <AnalyticsTab />
        </Tabs.Content>
        <Tabs.Content value="tools" pt="6">
          <ToolsTab tool={tool} />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
