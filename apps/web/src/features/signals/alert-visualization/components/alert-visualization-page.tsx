import { Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AlertVisualization } from '@tocsin/contracts';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useTeamOptions } from '../../shared/api/get-team-options';
import { useAlertVisualization } from '../api/get-alert-visualization';
import { chartsCsv } from '../lib/chart-csv';
import { bucketLabel, CHART_WINDOWS, readableDuration, readableSeconds } from '../lib/chart-window';
import { ChartCard } from '@/components/ui/chart-card';

const PRIORITY_COLORS = {
  high: 'var(--mantine-color-red-7)',
  medium: 'var(--mantine-color-orange-6)',
  low: 'var(--mantine-color-gray-6)',
};

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * /signals/alert_visualization and /analytics/alerts: the organization's alert volume over time by priority,
 * the noisiest sources, alerts by team and the time to acknowledge, over a chosen window, live; each chart has a
 * table view and the figures download as CSV.
 */
export function AlertVisualizationPage({ title }: { title: string }) {
  const [days, setDays] = useState('7');
  const [teamId, setTeamId] = useState<string | null>(null);
  const window = CHART_WINDOWS.find((w) => w.value === days) ?? CHART_WINDOWS[1];
  const figures = useAlertVisualization({ days: window.days, teamId });
  const teams = useTeamOptions();

  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group align="flex-end" gap="sm" role="search" aria-label="Chart filters">
        <Select
          label="Window"
          data={CHART_WINDOWS.map(({ value, label }) => ({ value, label }))}
          value={days}
          onChange={(value) => value && setDays(value)}
          allowDeselect={false}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
        />
        <Select
          label="Team"
          placeholder="Every team"
          data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          value={teamId}
          onChange={setTeamId}
          clearable
          searchable
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 220 }}
        />
        {figures.data && (
          <Button
            variant="default"
            onClick={() =>
              download(`tocsin-alerts-${figures.data.data.from.slice(0, 10)}.csv`, chartsCsv(figures.data.data))
            }
          >
            Download CSV
          </Button>
        )}
      </Group>
      {figures.isPending ? (
        <LoadingArea />
      ) : figures.isError ? (
        <ErrorAlert error={figures.error} title="Could not load the alert figures" />
      ) : (
        <Charts data={figures.data.data} />
      )}
    </Stack>
  );
}

function Charts({ data }: { data: AlertVisualization }) {
  const label = (start: string) => bucketLabel(start, data.bucket);
  const volume = data.volume.map((slot) => ({ ...slot, label: label(slot.start) }));
  const ack = data.time_to_acknowledge_series.map((slot) => ({ ...slot, label: label(slot.start) }));
  const tta = data.time_to_acknowledge;
  const per = data.bucket === 'PT1H' ? 'hour' : 'day';
  return (
    <Stack>
      <Text data-testid="charts-total" aria-live="polite">
        {data.total === 1 ? '1 alert' : `${data.total} alerts`} in this window; median time to acknowledge{' '}
        {readableDuration(tta.median)} (90% within {readableDuration(tta.p90)}), {tta.unacknowledged} not acknowledged.
      </Text>
      <ChartCard
        title="Alert volume"
        testId="chart-volume"
        summary={`Alerts triggered per ${per}, by priority.`}
        table={{
          columns: [per === 'hour' ? 'Hour' : 'Day', 'Alerts', 'High', 'Medium', 'Low'],
          rows: volume.map((slot) => ({
            key: slot.start,
            cells: [slot.label, slot.total, slot.high, slot.medium, slot.low],
          })),
        }}
      >
        <ResponsiveContainer>
          <BarChart data={volume} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={16} fontSize={12} />
            <YAxis allowDecimals={false} width={36} fontSize={12} />
            <Tooltip />
            <Bar dataKey="high" name="High" stackId="p" fill={PRIORITY_COLORS.high} isAnimationActive={false} />
            <Bar dataKey="medium" name="Medium" stackId="p" fill={PRIORITY_COLORS.medium} isAnimationActive={false} />
            <Bar dataKey="low" name="Low" stackId="p" fill={PRIORITY_COLORS.low} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          title="Noisiest sources"
          testId="chart-sources"
          summary={
            data.noisiest_sources.length
              ? `The sources that sent the most alerts; first ${data.noisiest_sources[0].name} with ${data.noisiest_sources[0].count}.`
              : 'No source sent an alert in this window.'
          }
          table={{
            columns: ['Source', 'Alerts'],
            rows: data.noisiest_sources.map((source) => ({ key: source.id, cells: [source.name, source.count] })),
          }}
        >
          <ResponsiveContainer>
            <BarChart data={data.noisiest_sources} layout="vertical" accessibilityLayer={false}>
              <XAxis type="number" allowDecimals={false} fontSize={12} />
              <YAxis type="category" dataKey="name" width={120} fontSize={12} />
              <Tooltip />
              <Bar dataKey="count" name="Alerts" fill="var(--mantine-color-blue-7)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Alerts by team"
          testId="chart-teams"
          summary={data.by_team.length ? `Alerts routed to each team.` : 'No team received an alert in this window.'}
          table={{
            columns: ['Team', 'Alerts'],
            rows: data.by_team.map((team) => ({ key: team.id, cells: [team.name, team.count] })),
          }}
        >
          <ResponsiveContainer>
            <BarChart data={data.by_team} layout="vertical" accessibilityLayer={false}>
              <XAxis type="number" allowDecimals={false} fontSize={12} />
              <YAxis type="category" dataKey="name" width={120} fontSize={12} />
              <Tooltip />
              <Bar dataKey="count" name="Alerts" fill="var(--mantine-color-teal-7)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title="Time to acknowledge"
        testId="chart-acknowledge"
        summary={`The median time from trigger to first acknowledgement, per ${per}, for the alerts acknowledged.`}
        table={{
          columns: [per === 'hour' ? 'Hour' : 'Day', 'Acknowledged', 'Median time to acknowledge'],
          rows: ack.map((slot) => ({
            key: slot.start,
            cells: [slot.label, slot.acknowledged, readableSeconds(slot.median_seconds)],
          })),
        }}
      >
        {tta.acknowledged === 0 ? (
          <Text c="dimmed" ta="center" pt="xl">
            No alert of this window was acknowledged yet.
          </Text>
        ) : (
          <ResponsiveContainer>
            <LineChart data={ack} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" minTickGap={16} fontSize={12} />
              <YAxis width={44} fontSize={12} unit=" s" />
              <Tooltip />
              <Line
                dataKey="median_seconds"
                name="Median (s)"
                stroke="var(--mantine-color-violet-7)"
                connectNulls
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
    </Stack>
  );
}
