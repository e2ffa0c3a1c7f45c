import { Badge, List, Text, Title } from '@mantine/core';
import { channelLabel } from '@tocsin/domain';
import { RelativeTime } from '../../shared/components/relative-time';
import { useAlertPendingNotifications } from '../api/get-alert-pending-notifications';

/**
 * Notifications scheduled and not sent yet, first due first; one whose channel has no provider says so, since
 * it will reach nobody (or fail) when its time comes.
 */
export function AlertPendingNotifications({ alertId }: { alertId: string }) {
  const pending = useAlertPendingNotifications(alertId);
  const list = pending.data?.data ?? [];
  return (
    <>
      <Title order={3} size="h5" mt="md" mb={6}>
        Still to send
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="pending-none">
          Nothing scheduled.
        </Text>
      ) : (
        <List size="sm" spacing={4} data-testid="alert-pending">
          {list.map((p) => (
            <List.Item key={`${p.user_id}/${p.channel}/${p.due_at}`} data-testid="alert-pending-notification">
              {channelLabel(p.channel)} to {p.user_name}, <RelativeTime iso={p.due_at} span />
              {!p.channel_readiness.configured && (
                <>
                  {' '}
                  <Badge color="orange" size="sm">
                    Not configured
                  </Badge>{' '}
                  {p.channel_readiness.message}
                </>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
