import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { findLevel, type LevelKey } from '@shunkan/config/levels';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from './format';

type Daily = { day: string; attempts: number; averageRating: number | null };
type Level = { difficultyLevel: LevelKey; attempts: number; averageRating: number | null };

/**
 * Stars over the last 30 JST days and per level. Loaded lazily (React.lazy) from my page only, so the
 * chart library never weighs on the practice screen.
 */
export default function RatingCharts({ daily, levels }: { daily: Daily[]; levels: Level[] }) {
  const overTime = useChart({
    data: daily.map((d) => ({ day: formatDay(d.day), stars: d.averageRating, attempts: d.attempts })),
    series: [{ name: 'stars', color: 'blue.solid', label: '平均評価' }],
  });
  const perLevel = useChart({
    data: levels.filter((l) => l.attempts > 0).map((l) => ({ level: findLevel(l.difficultyLevel).name, stars: l.averageRating ?? 0 })),
    series: [{ name: 'stars', color: 'teal.solid', label: '平均評価' }],
  });
  return (
    <Stack gap="6" data-testid="rating-chart">
      <Box>
        <Heading as="h3" size="sm" mb="2" color="gray.700">
          評価の推移（30日間）
        </Heading>
        <Chart.Root chart={overTime} maxH="220px" role="figure" aria-label="日ごとの平均評価のグラフ">
          <LineChart responsive data={overTime.data} margin={{ left: -20, right: 8, top: 8 }}>
            <CartesianGrid stroke={overTime.color('border.muted')} vertical={false} />
            <XAxis dataKey={overTime.key('day')} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={24} />
            <YAxis domain={[0, 5]} ticks={[1, 2, 3, 4, 5]} tickLine={false} axisLine={false} />
            <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip />} />
            {overTime.series.map((item) => (
              <Line
                key={item.name}
                isAnimationActive={false}
                dataKey={overTime.key(item.name)}
                stroke={overTime.color(item.color)}
                strokeWidth={2}
                connectNulls
                dot={{ r: 3 }}
              />
            ))}
          </LineChart>
        </Chart.Root>
      </Box>
      {perLevel.data.length > 0 ? (
        <Box>
          <Heading as="h3" size="sm" mb="2" color="gray.700">
            レベル別の平均評価
          </Heading>
          <Chart.Root chart={perLevel} maxH="200px" role="figure" aria-label="レベル別の平均評価のグラフ">
            <BarChart responsive accessibilityLayer={false} data={perLevel.data} margin={{ left: -20, right: 8, top: 8 }}>
              <CartesianGrid stroke={perLevel.color('border.muted')} vertical={false} />
              <XAxis dataKey={perLevel.key('level')} tickLine={false} axisLine={false} />
              <YAxis domain={[0, 5]} ticks={[1, 2, 3, 4, 5]} tickLine={false} axisLine={false} />
              {perLevel.series.map((item) => (
                <Bar key={item.name} isAnimationActive={false} dataKey={perLevel.key(item.name)} fill={perLevel.color(item.color)} radius={4} />
              ))}
            </BarChart>
          </Chart.Root>
        </Box>
      ) : (
        <Text fontSize="sm" color="gray.600">
          レベル別のグラフは、練習すると表示されます。
        </Text>
      )}
    </Stack>
  );
}
