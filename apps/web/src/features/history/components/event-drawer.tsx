import { Button, Drawer, Group, Stack, Table, Title } from '@mantine/core';
import type { HistoryEvent } from '@tocsin/contracts';
import { JsonView } from '@/components/ui/json-view';

interface EventDrawerProps {
  event: HistoryEvent | null;
  onClose: () => void;
  onAsOf: (position: number) => void;
}

export function EventDrawer({ event, onClose, onAsOf }: EventDrawerProps) {
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="xl" title={event?.type ?? ''}>
      {event && (
        <Stack data-testid="event-details">
          <Table>
            <Table.Tbody>
              {[
                ['Position', event.position],
                ['Stream', event.stream],
                ['Revision', event.revision],
                ['Event id', event.id],
                ['Recorded', event.recordedAt],
              ].map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="30%">{label}</Table.Th>
                  <Table.Td ff="monospace">{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button variant="light" onClick={() => onAsOf(event.position)}>
              Show a view as of this event
            </Button>
          </Group>
          <Title order={3} size="h5">
            Data
          </Title>
          <JsonView value={event.data} label="Event data" />
          <Title order={3} size="h5">
            Metadata
          </Title>
          <JsonView value={event.metadata} label="Event metadata" />
        </Stack>
      )}
    </Drawer>
  );
}
