import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section, StatTile } from './common';
import { formatCount, formatYen } from './format';
import { RatingValue } from '../icons/rating-value';

const AdminCharts = lazy(() => import('./admin-charts'));

export function AnalyticsTab() {
  const analytics = trpc.admin.analytics.useQuery();
  if (loadFailed(analytics)) return <LoadError query={analytics} />;
  if (!analytics.data) return <Loading />;
  const a = analytics.data;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <StatTile label="総学習回数" value={`${formatCount(a.totalLearningCount)}回`} testId="analytics-count" />
        <StatTile label="総学習時間" value={`${formatCount(a.totalLearningHours)}時間`} note={`${formatCount(a.totalLearningTime)}分`} testId="analytics-hours" />
        <StatTile label="平均正答率" value={`${a.averageAccuracy}%`} note="レベル別の正答率（星4つ以上）の平均" testId="analytics-accuracy" />
        <StatTile label="カテゴリー数" value={`${a.categoryStats.length}`} note="回答のあるレベル" testId="analytics-categories" />
      </SimpleGrid>
      <Section title="推移とレベル別の正答率">
        <Suspense fallback={<Skeleton height="64" borderRadius="lg" />}>
          <AdminCharts months={a.monthlyStats} categories={a.categoryStats} />
        </Suspense>
      </Section>
      <Section title="レベル別">
        <ResponsiveRows
          rows={a.categoryStats}
          keyOf={(c) => c.category}
          title={(c) => c.label}
          testId="category"
          empty="まだ回答がありません。"
          columns={[
            { header: 'レベル', cell: (c) => c.label },
            { header: '回答数', cell: (c) => formatCount(c.totalAttempts), textAlign: 'end' },
            { header: '正答率', cell: (c) => `${c.correctRate}%`, textAlign: 'end' },
            { header: '平均評価', cell: (c) => <RatingValue value={c.averageRating.toFixed(1)} />, textAlign: 'end' },
          ]}
        />
      </Section>
      <Section title="月別">
        <ResponsiveRows
          rows={[...a.monthlyStats].reverse()}
          keyOf={(m) => m.month}
          title={(m) => m.month}
          testId="month"
          empty="データがありません。"
          columns={[
            { header: '月', cell: (m) => m.month },
            { header: '学習回数', cell: (m) => formatCount(m.attempts), textAlign: 'end' },
            { header: 'アクティブ', cell: (m) => formatCount(m.activeUsers), textAlign: 'end' },
            { header: '新規登録', cell: (m) => formatCount(m.newUsers), textAlign: 'end' },
            { header: '売上', cell: (m) => formatYen(m.revenue), textAlign: 'end' },
          ]}
        />
      </Section>
    </Stack>
  );
}
