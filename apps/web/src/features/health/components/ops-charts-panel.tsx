import { Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { OPS_SERIES_DEFAULT_WINDOW, type OpsSeries, type OpsSeriesPoint } from '@tocsin/contracts';
import { useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '@/components/ui/chart-card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useOpsSeries } from '../api/get-ops-series';
import { OPS_FIGURES, type OpsFigure } from './ops-figures';

const WINDOWS = [
  { value: 'PT5M', label: 'Last 5 minutes' },
  { value: 'PT15M', label: 'Last 15 minutes' },
  { value: 'PT1H', label: 'Last hour' },
];

const timeLabel = (at: string) =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The ops page's charts (README, "Ops charts"): the organization's ingest rate and page latency, and the system's
 * projection lag, queue depth and sockets, over the last hour or less, moving as each step's samples come in.
 */
export function OpsChartsPanel() {
  const [window, setWindow] = useState<string>(OPS_SERIES_DEFAULT_WINDOW);
  const series = useOpsSeries(window);
  return (
    <Card withBorder component="section" aria-labelledby="ops-charts-title" data-testid="ops-charts">
      <Stack>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="ops-charts-title">
              Ops charts
            </Title>
            <Text size="sm" c="dimmed">
              Ingest and page latency are your organization&apos;s; lag, queues and sockets are the whole system&apos;s.
            </Text>
          </Stack>
          <Select
            label="Window"
            data={WINDOWS}
            value={window}
            onChange={(value) => value && setWindow(value)}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        {series.isPending ? (
          <LoadingArea />
        ) : series.isError ? (
          <ErrorAlert error={series.error} title="Could not load the ops charts" />
        ) : (
          <Charts series={series.data} />
        )}
      </Stack>
    </Card>
  );
}

function Charts({ series }: { series: OpsSeries }) {
  const points = series.points.map((point) => ({ ...point, label: timeLabel(point.at) }));
  // the table reads newest first, and only the steps some process sampled
  const sampled = series.points.filter((point) => point.processes > 0).reverse();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {OPS_FIGURES.map((figure) => (
        <ChartCard
          key={figure.key}
          title={figure.title}
          subtitle={figure.scope}
          testId={`ops-chart-${figure.key}`}
          headingOrder={3}
          height={200}
          summary={figure.summary(sampled)}
          table={{
            columns: ['Time', ...figure.columns.map((column) => column.label)],
            rows: sampled.map((point) => ({
              key: point.at,
              cells: [timeLabel(point.at), ...figure.columns.map((column) => column.cell(point))],
            })),
          }}
        >
          <FigureChart figure={figure} points={points} />
        </ChartCard>
      ))}
    </SimpleGrid>
  );
}

function FigureChart({ figure, points }: { figure: OpsFigure; points: Array<OpsSeriesPoint & { label: string }> }) {
  return (
    <ResponsiveContainer>
      <LineChart data={points} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={24} fontSize={12} />
        <YAxis width={44} fontSize={12} allowDecimals={figure.decimals} />
        <Tooltip />
        {figure.lines.map((line) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.name}
            stroke={line.color}
            dot={figure.dots ? { r: 3, fill: line.color } : false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
