import { Anchor, Badge, Card, Group, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Alert } from '@tocsin/contracts';
import { useCurrentUser } from '@/lib/get-me';
import { useAlertGroup } from '../api/get-alert-group';

/** On an alert's page: the group its episode opened or joined, with the group's other alerts. */
export function AlertGroupCard({ alert }: { alert: Alert }) {
  const mayRead = useCurrentUser().permissions.includes('read_alert_grouping');
  const group = useAlertGroup(mayRead ? (alert.group_id ?? null) : null);
  if (!alert.group_id) return null;
  const first = group.data?.first_alert_id === alert.id;
  return (
    <Card withBorder data-testid="alert-group-card">
      <Title order={2} size="h4" mb="sm">
        Alert group
      </Title>
      {!group.data ? (
        <Text size="sm">
          {mayRead ? 'This alert is in an alert group.' : 'This alert is in an alert group you may not read.'}
        </Text>
      ) : (
        <>
          <Group gap="xs" mb="xs">
            <Badge variant="light">{group.data.status}</Badge>
            <Text size="sm">
              {first ? 'This alert opened the group and pages for it' : 'This alert joined the group: it is not paged'}{' '}
              · {group.data.alert_count} {group.data.alert_count === 1 ? 'alert' : 'alerts'}
            </Text>
          </Group>
          <List size="sm" spacing={2} aria-label="Alerts in the group">
            {(group.data.members ?? []).slice(0, 20).map((member) => (
              <List.Item key={member.id}>
                {member.id === alert.id ? (
                  <Text span size="sm" fw={500}>
                    {member.summary} (this alert)
                  </Text>
                ) : (
                  <Anchor component={Link} to={`/signals/alerts/${encodeURIComponent(member.id)}`} size="sm">
                    {member.summary}
                  </Anchor>
                )}{' '}
                <Text span size="xs" c="dimmed">
                  {member.status}
                </Text>
              </List.Item>
            ))}
          </List>
          <Anchor component={Link} to="/signals/alert_grouping" size="sm">
            Alert grouping
          </Anchor>
        </>
      )}
    </Card>
  );
}
