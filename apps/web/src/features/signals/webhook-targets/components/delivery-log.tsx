import { Badge, Card, Group, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import type { WebhookDeliveryAttempt } from '@tocsin/contracts';
import { RelativeTime } from '../../shared/components/relative-time';
import { useNarrow } from '../../shared/components/use-narrow';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhookEvent } from '../api/redeliver-webhook-event';
import { EVENT_TYPE_LABELS } from '../lib/target-form-values';

const outcome = (attempt: WebhookDeliveryAttempt) =>
  attempt.ok ? (
    <Badge color="green" variant="light">
      {attempt.status_code} delivered
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      {attempt.status_code ?? 'No answer'} failed
    </Badge>
  );

const tryLabel = (attempt: WebhookDeliveryAttempt) =>
  `Try ${attempt.attempt}${attempt.round > 0 ? ` of redelivery ${attempt.round}` : ''}`;

/** Each try of each delivery, newest first: its answer, when, how long it took; any event can be sent again. */
export function DeliveryLog({ targetId, canManage }: { targetId: string; canManage: boolean }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(targetId, page);
  const redeliver = useRedeliverWebhookEvent();
  const [asked, setAsked] = useState<string | null>(null);
  const narrow = useNarrow();
  const button = (attempt: WebhookDeliveryAttempt) => (
    <PermissionButton
      allowed={canManage}
      permission="manage_webhook_targets"
      variant="default"
      size="compact-sm"
      loading={redeliver.isPending && redeliver.variables?.eventId === attempt.event_id}
      aria-label={`Redeliver event ${attempt.event_id}`}
      onClick={() =>
        redeliver.mutate({ targetId, eventId: attempt.event_id }, { onSuccess: () => setAsked(attempt.event_id) })
      }
    >
      Redeliver
    </PermissionButton>
  );
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Delivery log
        </Title>
        {asked && (
          <Text size="sm" role="status" data-testid="redelivery-asked">
            Event {asked} is being sent again; its try shows here once it is made.
          </Text>
        )}
        {redeliver.isError && <ErrorAlert error={redeliver.error} title="Could not redeliver the event" />}
        {deliveries.isPending ? (
          <LoadingArea />
        ) : deliveries.isError ? (
          <ErrorAlert error={deliveries.error} title="Could not load the delivery log" />
        ) : deliveries.data.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="deliveries-empty">
            Nothing sent yet: the first alert event this target wants is posted here.
          </Text>
        ) : narrow ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deliveries">
            {deliveries.data.data.map((attempt) => (
              <Card key={attempt.id} component="li" withBorder padding="xs" data-testid="delivery-row">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {EVENT_TYPE_LABELS[attempt.event_type]} · event {attempt.event_id}
                  </Text>
                  {button(attempt)}
                </Group>
                <Group gap="xs">
                  {outcome(attempt)}
                  <Text size="sm">
                    {tryLabel(attempt)} · {attempt.duration_ms} ms ·
                  </Text>
                  <RelativeTime iso={attempt.at} />
                </Group>
                {attempt.error && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {attempt.error}
                  </Text>
                )}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table striped aria-label="Deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Try</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Took</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.data.map((attempt) => (
                <Table.Tr key={attempt.id} data-testid="delivery-row">
                  <Table.Td>
                    {EVENT_TYPE_LABELS[attempt.event_type]} · {attempt.event_id}
                  </Table.Td>
                  <Table.Td>
                    {outcome(attempt)}
                    {attempt.error && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {attempt.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{tryLabel(attempt)}</Table.Td>
                  <Table.Td>
                    <RelativeTime iso={attempt.at} />
                  </Table.Td>
                  <Table.Td>{attempt.duration_ms} ms</Table.Td>
                  <Table.Td>{button(attempt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {deliveries.data && deliveries.data.pagination.total_pages > 1 && (
          <Pagination
            total={deliveries.data.pagination.total_pages}
            value={page}
            onChange={setPage}
            aria-label="Delivery log pages"
          />
        )}
      </Stack>
    </Card>
  );
}
