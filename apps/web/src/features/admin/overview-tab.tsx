import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ADMIN_TEXT } from '@shunkan/config/admin';
import { notify } from '@shunkan/ui/toaster';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadError, loadFailed, Loading, Section, StatTile } from './common';
import { downloadExport } from './csv-download';
import { formatCount, formatYen } from './format';

export function OverviewTab() {
  const stats = trpc.admin.stats.useQuery();
  if (loadFailed(stats)) return <LoadError query={stats} />;
  if (!stats.data) return <Loading />;
  const s = stats.data;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        <StatTile label="総ユーザー数" value={`${formatCount(s.totalUsers)}人`} note="学習者（管理者を除く）" testId="stat-total-users" />
        <StatTile label="月間アクティブユーザー" value={`${formatCount(s.monthlyActiveUsers)}人`} note="過去30日に回答した学習者" testId="stat-mau" />
        <StatTile label="週間アクティブユーザー" value={`${formatCount(s.weeklyActiveUsers)}人`} note="過去7日に回答した学習者" testId="stat-wau" />
        <StatTile label="総学習回数" value={`${formatCount(s.totalSessions)}回`} note={`1人あたり ${s.averageSessionsPerUser}回`} testId="stat-sessions" />
        <StatTile label="総売上" value={formatYen(s.totalRevenue)} note={`月間経常収益 ${formatYen(s.monthlyRecurringRevenue)}`} testId="stat-revenue" />
        <StatTile
          label="有効なサブスクリプション"
          value={`${formatCount(s.activeSubscriptions)}件`}
          note={`スタンダード ${s.standardSubscriptions} ・ プレミアム ${s.premiumSubscriptions} ・ トライアル ${s.trialingSubscriptions}`}
          testId="stat-subscriptions"
        />
      </SimpleGrid>
      <ExportSection />
    </Stack>
  );
}

function ExportSection() {
  const [busy, setBusy] = useState<'users' | 'sessions' | null>(null);
  async function run(kind: 'users' | 'sessions') {
    setBusy(kind);
    try {
      const fileName = await downloadExport(kind);
      notify({ type: 'success', title: ADMIN_TEXT.exportDone, description: fileName });
    } catch {
      notify({ type: 'error', title: 'エラー', description: ADMIN_TEXT.exportFailed });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Section title="データのエクスポート（CSV）">
      <Text fontSize="sm" color="gray.600">
        Excelでそのまま開けるUTF-8（BOM付き）のCSVです。日時は日本時間です。
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <Button onClick={() => void run('users')} loading={busy === 'users'} data-testid="export-users">
          ユーザーをエクスポート
        </Button>
        <Button onClick={() => void run('sessions')} loading={busy === 'sessions'} variant="outline" data-testid="export-sessions">
          学習履歴をエクスポート
        </Button>
      </HStack>
    </Section>
  );
}
