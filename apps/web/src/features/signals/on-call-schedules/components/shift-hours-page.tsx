import { Box, Button, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ShiftHoursResponse } from '@tocsin/contracts';
import { csvRow } from '@tocsin/domain';
import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useShiftHours } from '../api/get-shift-hours';
import { HOUR_MS } from '../lib/schedule-time';

type Person = ShiftHoursResponse['data']['people'][number];
/** Days back (negative: ahead, the hours planned) from the current hour. */
const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '-30', label: 'Next 30 days' },
];

const personName = (p: Person) => p.name ?? 'A removed member';
const hoursText = (h: number) => h.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** The table as CSV (RFC 4180 quoting, formulas defused), for a spreadsheet. */
export function shiftHoursCsv(people: Person[]): string {
  const rows = people.map((p) =>
    csvRow([
      personName(p),
      p.user_id,
      p.on_call_hours,
      Math.round((p.on_call_hours - p.out_of_hours_hours) * 100) / 100,
      p.out_of_hours_hours,
    ]),
  );
  return ['person,user_id,on_call_hours,working_hours,out_of_hours_hours', ...rows].join('\n') + '\n';
}

function download(people: Person[], window: { from: string; to: string }) {
  const url = URL.createObjectURL(new Blob([shiftHoursCsv(people)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `on-call-hours-${window.from.slice(0, 10)}-to-${window.to.slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * /analytics/shift_hours: on-call hours per person from every schedule's final line (overrides included), and
 * the part outside 09:00-17:00 Monday to Friday in each schedule's zone; a chart, the same as a table, and CSV.
 */
export function ShiftHoursPage() {
  const [days, setDays] = useState('30');
  const window = useMemo(() => {
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const other = hour - Number(days) * 24 * HOUR_MS;
    return { from: new Date(Math.min(hour, other)).toISOString(), to: new Date(Math.max(hour, other)).toISOString() };
  }, [days]);
  const hours = useShiftHours(window);
  const people = hours.data?.people ?? [];
  const chart = people.map((p) => ({
    name: personName(p),
    working: Math.round((p.on_call_hours - p.out_of_hours_hours) * 100) / 100,
    out: p.out_of_hours_hours,
  }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} size="h2">
          On-call hours
        </Title>
        <Button variant="default" disabled={people.length === 0} onClick={() => download(people, window)}>
          Download CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Hours each person is on call over the period, from the final schedule including overrides and swaps. Out of
        hours is outside 09:00 to 17:00, Monday to Friday, in each schedule&apos;s time zone.
      </Text>
      <SegmentedControl aria-label="Period" value={days} onChange={setDays} data={PERIODS} w="fit-content" />
      {hours.isPending ? (
        <LoadingArea />
      ) : hours.isError ? (
        <ErrorAlert error={hours.error} title="Could not load the on-call hours" />
      ) : people.length === 0 ? (
        <Text c="dimmed" data-testid="shift-hours-empty">
          Nobody was on call in this period.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Box
            role="img"
            aria-label="Bar chart of on-call hours per person, working hours and out of hours; the table has the same numbers"
            h={Math.max(200, 48 * chart.length + 80)}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" unit=" h" />
                <YAxis type="category" dataKey="name" width={120} />
                <Tooltip />
                <Legend />
                <Bar dataKey="working" name="Working hours" stackId="hours" fill="var(--mantine-color-blue-6)" />
                <Bar dataKey="out" name="Out of hours" stackId="hours" fill="var(--mantine-color-orange-6)" />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="On-call hours table">
            <Table striped miw={420} data-testid="shift-hours-table">
              <Table.Caption>
                On-call hours per person, {PERIODS.find((p) => p.value === days)?.label.toLowerCase()}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">On call (h)</Table.Th>
                  <Table.Th scope="col">Out of hours (h)</Table.Th>
                  <Table.Th scope="col">Out of hours share</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {people.map((p) => (
                  <Table.Tr key={p.user_id} data-testid="shift-hours-row">
                    <Table.Th scope="row">{personName(p)}</Table.Th>
                    <Table.Td>{hoursText(p.on_call_hours)}</Table.Td>
                    <Table.Td>{hoursText(p.out_of_hours_hours)}</Table.Td>
                    <Table.Td>
                      {p.on_call_hours > 0 ? `${Math.round((p.out_of_hours_hours / p.on_call_hours) * 100)}%` : '–'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </SimpleGrid>
      )}
    </Stack>
  );
}
