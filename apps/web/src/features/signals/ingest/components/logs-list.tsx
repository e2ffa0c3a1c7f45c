import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { IngestLogEntry } from '@tocsin/contracts';
import type { IngestOutcome } from '@tocsin/domain';
import { Fragment, useState } from 'react';
import { FORMAT_LABELS } from '../../event-sources/lib/snippets';
import { RelativeTime } from '../../shared/components/relative-time';
import { useNarrow } from '../../shared/components/use-narrow';
import { logSummary, OUTCOME_DISPLAY } from '../lib/log-display';
import { LogEntryDetails } from './log-entry-details';

function OutcomeBadge({ outcome }: { outcome: IngestOutcome }) {
  const { label, color } = OUTCOME_DISPLAY[outcome];
  return (
    <Badge color={color} variant="light" tt="none" data-testid="log-outcome" data-outcome={outcome}>
      {label}
    </Badge>
  );
}

/** Each row's button says which payload it opens: a list of bare "Details" reads the same for every row. */
const detailsLabel = (entry: IngestLogEntry, open: boolean) =>
  `${open ? 'Hide' : 'Show'} details of the payload received ${new Date(entry.received_at).toLocaleString()}`;

const formatLabel = (format: string) => FORMAT_LABELS[format as keyof typeof FORMAT_LABELS] ?? format;

/** The received payloads: a table where there is room, a card each on a phone; details open in place. */
export function LogsList({ entries, sourceName }: { entries: IngestLogEntry[]; sourceName: (id: string) => string }) {
  const [open, setOpen] = useState<string | null>(null);
  const narrow = useNarrow();
  const toggle = (entry: IngestLogEntry) => setOpen((current) => (current === entry.id ? null : entry.id));
  return narrow ? (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Received payloads">
      {entries.map((entry) => (
        <Card key={entry.id} component="li" withBorder padding="sm" data-testid="log-row">
          <Group gap="xs" justify="space-between">
            <OutcomeBadge outcome={entry.outcome} />
            <RelativeTime iso={entry.received_at} c="dimmed" />
          </Group>
          <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
            {logSummary(entry)}
          </Text>
          <Text size="xs" c="dimmed">
            {sourceName(entry.source_id)} · {formatLabel(entry.format)}
          </Text>
          <Group mt={4}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => toggle(entry)}
              aria-expanded={open === entry.id}
              aria-label={detailsLabel(entry, open === entry.id)}
            >
              {open === entry.id ? 'Hide details' : 'Details'}
            </Button>
          </Group>
          {open === entry.id && <LogEntryDetails entry={entry} />}
        </Card>
      ))}
    </Stack>
  ) : (
    <Table striped aria-label="Received payloads" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Received</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Format</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>What happened</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Fragment key={entry.id}>
            <Table.Tr data-testid="log-row">
              <Table.Td>
                <RelativeTime iso={entry.received_at} />
              </Table.Td>
              <Table.Td>{sourceName(entry.source_id)}</Table.Td>
              <Table.Td>{formatLabel(entry.format)}</Table.Td>
              <Table.Td>
                <OutcomeBadge outcome={entry.outcome} />
              </Table.Td>
              <Table.Td maw={480}>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {logSummary(entry)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => toggle(entry)}
                  aria-expanded={open === entry.id}
                  aria-label={detailsLabel(entry, open === entry.id)}
                >
                  {open === entry.id ? 'Hide' : 'Show'}
                </Button>
              </Table.Td>
            </Table.Tr>
            {open === entry.id && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <LogEntryDetails entry={entry} />
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}
