import { Table, Text } from '@mantine/core';
import type { HistoryEvent } from '@tocsin/contracts';

export function HistoryTable({
  events,
  onSelect,
}: {
  events: HistoryEvent[];
  onSelect: (event: HistoryEvent) => void;
}) {
  if (events.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="history-empty">
        No events match these filters.
      </Text>
    );
  }
  return (
    <Table highlightOnHover striped aria-label="Events" stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Position</Table.Th>
          <Table.Th>Recorded</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Stream</Table.Th>
          <Table.Th>Revision</Table.Th>
          <Table.Th>Actor</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr
            key={event.id}
            data-testid="history-row"
            data-position={event.position}
            data-type={event.type}
            tabIndex={0}
            style={{ cursor: 'pointer' }}
            onClick={() => onSelect(event)}
            onKeyDown={(key) => key.key === 'Enter' && onSelect(event)}
          >
            <Table.Td ff="monospace">{event.position}</Table.Td>
            <Table.Td>
              <time dateTime={event.recordedAt}>{new Date(event.recordedAt).toLocaleString()}</time>
            </Table.Td>
            <Table.Td fw={500}>{event.type}</Table.Td>
            <Table.Td ff="monospace">{event.stream}</Table.Td>
            <Table.Td>{event.revision}</Table.Td>
            <Table.Td>{event.metadata.actorId ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
