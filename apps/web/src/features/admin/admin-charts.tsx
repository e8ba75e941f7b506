import { Box, Heading, Stack } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

type Month = { month: string; attempts: number; activeUsers: number; newUsers: number; revenue: number };
type Category = { label: string; correctRate: number; totalAttempts: number };

/**
 * The analytics trends (monthly activity, accuracy per level). Loaded lazily from /admin only, so the
 * chart library never weighs on the learner's screens.
 */
export default function AdminCharts({ months, categories }: { months: Month[]; categories: Category[] }) {
  const activity = useChart({
    data: months.map((m) => ({ month: `${Number(m.month.slice(5))}月`, attempts: m.attempts, activeUsers: m.activeUsers, newUsers: m.newUsers })),
    series: [
      { name: 'attempts', color: 'blue.solid', label: '学習回数' },
      { name: 'activeUsers', color: 'teal.solid', label: 'アクティブ' },
      { name: 'newUsers', color: 'orange.solid', label: '新規登録' },
    ],
  });
  const accuracy = useChart({
    data: categories.map((c) => ({ level: c.label, rate: c.correctRate })),
    series: [{ name: 'rate', color: 'purple.solid', label: '正答率（%）' }],
  });
  return (
    <Stack gap="6" data-testid="admin-charts">
      <Box minW="0">
        <Heading as="h3" size="sm" mb="2" color="gray.700">
          月別の推移（6か月）
        </Heading>
        <Chart.Root chart={activity} maxH="260px" role="figure" aria-label="月別の学習回数・アクティブユーザー・新規登録のグラフ">
          <LineChart responsive data={activity.data} margin={{ left: -16, right: 8, top: 8 }}>
            <CartesianGrid stroke={activity.color('border.muted')} vertical={false} />
            <XAxis dataKey={activity.key('month')} tickLine={false} axisLine={false} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} />
            <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip />} />
            {/* The chart's negative left margin would push the legend's box 8 px past the card on a phone. */}
            <Legend content={<Chart.Legend />} wrapperStyle={{ left: 0, width: '100%' }} />
            {activity.series.map((item) => (
              <Line key={item.name} isAnimationActive={false} dataKey={activity.key(item.name)} stroke={activity.color(item.color)} strokeWidth={2} dot={{ r: 3 }} />
            ))}
          </LineChart>
        </Chart.Root>
      </Box>
      {accuracy.data.length > 0 ? (
        <Box minW="0">
          <Heading as="h3" size="sm" mb="2" color="gray.700">
            レベル別の正答率（星4つ以上）
          </Heading>
          <Chart.Root chart={accuracy} maxH="220px" role="figure" aria-label="レベル別の正答率のグラフ">
            <BarChart responsive data={accuracy.data} margin={{ left: -16, right: 8, top: 8 }}>
              <CartesianGrid stroke={accuracy.color('border.muted')} vertical={false} />
              <XAxis dataKey={accuracy.key('level')} tickLine={false} axisLine={false} />
              <YAxis domain={[0, 100]} tickLine={false} axisLine={false} />
              <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip />} />
              {accuracy.series.map((item) => (
                <Bar key={item.name} isAnimationActive={false} dataKey={accuracy.key(item.name)} fill={accuracy.color(item.color)} radius={4} />
              ))}
            </BarChart>
          </Chart.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
