import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AuditEvent } from '@tocsin/contracts';
import { Fragment, useState } from 'react';
import { JsonView } from '@/components/ui/json-view';

const ACTOR_LABELS: Record<AuditEvent['actor']['kind'], string> = {
  person: 'Person',
  key: 'API key',
  link: 'Signed link',
  system: 'System',
};

/** The changes, each row opening to its data, its ids and its correlation. */
export function AuditEventsTable({ events, names }: { events: AuditEvent[]; names: Record<string, string> }) {
  const [open, setOpen] = useState<string | null>(null);
  if (events.length === 0)
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="audit-empty">
        No events match these filters.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label="Audit events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Resource</Table.Th>
            <Table.Th>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const expanded = open === event.id;
            const detailsId = `audit-event-${event.id}`;
            return (
              <Fragment key={event.id}>
                <Table.Tr data-testid="audit-row" data-type={event.type}>
                  <Table.Td>
                    <time dateTime={event.occurred_at}>{new Date(event.occurred_at).toLocaleString()}</time>
                  </Table.Td>
                  <Table.Td fw={500}>{event.type}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" mr="xs">
                      {ACTOR_LABELS[event.actor.kind]}
                    </Badge>
                    {event.actor.id && names[event.actor.id] ? (
                      <Text span size="sm" title={event.actor.id}>
                        {names[event.actor.id]}
                      </Text>
                    ) : (
                      <Text span ff="monospace" size="sm">
                        {event.actor.id ?? ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">
                    {event.resource.kind}
                    {event.resource.id && `-${event.resource.id}`}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={`${expanded ? 'Hide' : 'Show'} data of ${event.type} at ${event.occurred_at}`}
                      onClick={() => setOpen(expanded ? null : event.id)}
                    >
                      {expanded ? 'Hide data' : 'Show data'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={detailsId} data-testid="audit-details">
                    <Table.Td colSpan={5}>
                      <Stack gap="xs">
                        <Text size="sm">
                          Event{' '}
                          <Text span ff="monospace">
                            {event.id}
                          </Text>
                          , correlation{' '}
                          <Text span ff="monospace">
                            {event.correlation_id}
                          </Text>
                          {event.actor.via && `, through ${event.actor.via}`}
                        </Text>
                        <JsonView value={event.data} label="Event data" />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
