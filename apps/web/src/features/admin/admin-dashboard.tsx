import { Badge, Button, Container, Heading, HStack, Tabs, VisuallyHidden } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AnalyticsTab } from './analytics-tab';
import { AppealsTab, usePendingAppealCount } from './appeals-tab';
import { ContentTab } from './content-tab';
import { OverviewTab } from './overview-tab';
import { PaymentsTab } from './payments-tab';
import { ToolsTab } from './tools-tab';
import { ADMIN_TABS, type AdminTab } from './tabs';
import { UsersTab } from './users-tab';

/** The dashboard for an admin (the route shows the denial screen to everyone else). */
export function AdminDashboard({ tab, tool, sessionId }: { tab: AdminTab; tool?: string; sessionId?: string }) {
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
      <Tabs.Root value={tab} lazyMount unmountOnExit onValueChange={(e) => {
          const next = ADMIN_TABS.find((t) => t.value === e.value)?.value;
          if (next) void navigate({ to: '/admin', search: { tab: next } });
        }}>
        {/* On a phone the tabs wrap onto a second row: a list scrolling sideways hid ツール off-screen. */}
        <Tabs.List flexWrap="wrap" data-testid="admin-tabs">
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
          <ToolsTab tool={tool} sessionId={sessionId} />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
