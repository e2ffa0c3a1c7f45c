import { Anchor, Badge, Box, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { SelfTestRound } from '@tocsin/contracts';
import { channelLabel, displayIsoDuration, durationMinutes } from '@tocsin/domain';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useSelfTest } from '../api/get-self-test';
import { SelfTestForm } from './self-test-form';

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

const heartbeatOf = (round: SelfTestRound) =>
  !round.heartbeat.called
    ? 'not called'
    : round.heartbeat.status !== null
      ? `called (${round.heartbeat.status})`
      : `call failed: ${round.heartbeat.error}`;

/**
 * The end-to-end self-test: its settings (owners), the last round trip and its time, the last failure and its
 * reason, and the latest rounds.
 */
export function SelfTestPanel() {
  const selfTest = useSelfTest();
  if (selfTest.isPending) return <LoadingArea />;
  if (!selfTest.data) return <ErrorAlert error={selfTest.error} title="The self-test could not be loaded" />;
  const { settings, last_success: success, last_failure: failure, rounds } = selfTest.data;
  const latest = rounds[0];
  // no round for two intervals: the worker that runs them is down (the outside heartbeat says so too)
  const overdue =
    settings?.enabled &&
    latest &&
    Date.now() - Date.parse(latest.started_at) > 2 * (durationMinutes(settings.interval) ?? 1) * 60_000;
  const verdict = !settings?.enabled
    ? { color: 'gray', label: 'Off' }
    : !latest
      ? { color: 'gray', label: 'No round yet' }
      : overdue
        ? { color: 'orange', label: 'No recent round' }
        : latest.outcome === 'delivered'
          ? { color: 'green', label: 'Delivering' }
          : { color: 'red', label: 'Failing' };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Group>
            <Title order={2} size="h4">
              Self-test
            </Title>
            <Badge color={verdict.color} data-testid="self-test-verdict">
              {verdict.label}
            </Badge>
          </Group>
          {settings && (
            <Text size="sm" c="dimmed">
              every {displayIsoDuration(settings.interval)}, posted to{' '}
              {settings.source ? (
                <Anchor
                  component={Link}
                  to={`/signals/sources/${encodeURIComponent(settings.source.id)}`}
                  size="sm"
                  underline="always"
                >
                  {settings.source.name}
                </Anchor>
              ) : (
                'a deleted source (save to make another)'
              )}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div data-testid="self-test-last-success">
            <Text size="sm" fw={600}>
              Last round trip
            </Text>
            <Text size="sm">
              {success ? (
                <>
                  {success.round_trip_ms} ms, {when(success.started_at)}
                </>
              ) : (
                'none yet'
              )}
            </Text>
          </div>
          <div data-testid="self-test-last-failure">
            <Text size="sm" fw={600}>
              Last failure
            </Text>
            <Text size="sm">
              {failure ? (
                <>
                  {when(failure.started_at)}: {failure.reason}
                </>
              ) : (
                'none'
              )}
            </Text>
          </div>
        </SimpleGrid>
        <RoundsTable rounds={rounds} />
        <SelfTestForm key={settings?.updated_at ?? 'unset'} settings={settings} />
      </Stack>
    </Card>
  );
}

function RoundsTable({ rounds }: { rounds: SelfTestRound[] }) {
  if (rounds.length === 0) return <Text size="sm">No round has run yet.</Text>;
  return (
    // a region of its own that takes focus: at a phone's width it scrolls, and a keyboard must reach it
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Self-test rounds">
      <Table aria-label="Self-test rounds" withTableBorder miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Round trip</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Heartbeat</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds.map((round) => (
            <Table.Tr key={round.id} data-testid="self-test-round">
              <Table.Td>
                {round.alert_id ? (
                  <Anchor component={Link} to={`/signals/alerts/${encodeURIComponent(round.alert_id)}`} size="sm">
                    {when(round.started_at)}
                  </Anchor>
                ) : (
                  when(round.started_at)
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={round.outcome === 'delivered' ? 'green' : 'red'} variant="light">
                  {round.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                </Badge>
              </Table.Td>
              <Table.Td>{round.round_trip_ms === null ? '—' : `${round.round_trip_ms} ms`}</Table.Td>
              <Table.Td>{round.channel ? channelLabel(round.channel) : '—'}</Table.Td>
              <Table.Td>{heartbeatOf(round)}</Table.Td>
              <Table.Td>{round.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
