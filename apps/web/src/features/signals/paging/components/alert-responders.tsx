import { List, Text, Title } from '@mantine/core';
import { RelativeTime } from '../../shared/components/relative-time';
import { useAlertResponders } from '../api/get-alert-responders';
import { FORMER_MEMBER } from '../lib/people';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who was paged for this episode, and what time it is where they are (a 3 a.m. page reads differently). */
export function AlertResponders({ alertId }: { alertId: string }) {
  const responders = useAlertResponders(alertId);
  const list = responders.data?.data ?? [];
  return (
    <>
      <Title order={3} size="h5" mt="md" mb={6}>
        Paged so far
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="responders-none">
          Nobody yet.
        </Text>
      ) : (
        <List size="sm" spacing={4} data-testid="responders">
          {list.map((responder) => (
            <List.Item key={responder.user_id} data-testid="responder">
              {responder.name ?? upperFirst(FORMER_MEMBER)}, <RelativeTime iso={responder.paged_at} span />:{' '}
              {responder.local_time
                ? `${responder.local_time.slice(11)} their time (${responder.time_zone}, UTC${responder.utc_offset})`
                : 'their time zone is not known'}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
