import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Alert } from '@tocsin/contracts';
import { Link, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { ViewingNow } from '@/components/ui/viewing-now';
import { useCurrentUser } from '@/lib/get-me';
import { useRoom } from '@/lib/use-room';
import { useEventSources } from '../../event-sources/api/get-event-sources';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { AlertStatusBadge, PriorityBadge } from '../../shared/components/badges';
import { useAlert } from '../api/get-alert';
import { useAlertTimeline } from '../../paging/api/get-alert-timeline';
import { useAnnouncedStatus } from '../hooks/use-announced-changes';
import { AlertActions } from './alert-actions';
import { AlertDetailsCard } from './alert-details-card';
import { AlertGroupCard } from '../../alert-grouping/components/alert-group-card';
import { AlertPendingNotifications } from '../../paging/components/alert-pending-notifications';
import { AlertResponders } from '../../paging/components/alert-responders';
import { AlertTimeline } from '../../paging/components/alert-timeline';
import { personNamer } from '../../paging/lib/people';
import { EscalationPolicyCopy } from './escalation-policy-copy';
import { ResourceLoadFailure } from '../../shared/components/resource-load-failure';
import { AlertIncidents } from '../../../incidents/incidents/components/alert-incidents';

/** /signals/alerts/{id}: the alert, who else is viewing it, its policy copy, its actions and its live timeline. */
export function AlertDetailPage() {
  const { alertId = '' } = useParams();
  const alert = useAlert(alertId);
  if (alert.isPending) return <LoadingArea />;
  if (alert.isError) {
    return (
      <ResourceLoadFailure
        title="Alert"
        thing="alert"
        error={alert.error}
        testId="alert-not-found"
        back={{ to: '/signals/alerts', label: 'All alerts' }}
      />
    );
  }
  return <AlertDetail alert={alert.data} />;
}

function AlertDetail({ alert }: { alert: Alert }) {
  const teamNames = useTeamNames();
  const me = useCurrentUser();
  // the timeline's answer names everyone it mentions, the copied policy's people included
  const timeline = useAlertTimeline(alert.id);
  const nameOf = personNamer(timeline.data?.people, me.user.id);
  useAnnouncedStatus(alert);
  // who else has this alert open (its events reach the page through its views' notices)
  const room = useRoom('alert', alert.id);
  const mayReadSources = me.permissions.includes('read_event_sources');
  const sources = useEventSources({ enabled: mayReadSources });
  const source = sources.data?.find((s) => s.id === alert.source_id);

  return (
    <Stack>
      <Anchor component={Link} to="/signals/alerts" size="sm">
        <span aria-hidden>← </span>All alerts
      </Anchor>
      <Group justify="space-between" align="flex-start">
        {/* wraps the actions under the title on a phone rather than squeezing the title to a letter a line */}
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {alert.summary}
          </Title>
          <Group gap="xs">
            <AlertStatusBadge status={alert.status} />
            <PriorityBadge priority={alert.priority} />
            <Text size="sm" c="dimmed" data-testid="alert-episode">
              Episode {alert.episode}
            </Text>
          </Group>
          <ViewingNow viewers={room.viewers} me={me.user.id} />
        </Stack>
        <AlertActions alert={alert} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AlertDetailsCard
          alert={alert}
          sourceLabel={source?.name ?? alert.source_id}
          linkSource={mayReadSources}
          teamLabel={teamNames.get(alert.team_id) ?? alert.team_id}
        />
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Escalation policy
          </Title>
          <EscalationPolicyCopy
            policy={alert.policy}
            grouped={!!alert.group_id}
            targetName={(target) =>
              target.type === 'team'
                ? `team ${teamNames.get(target.id) ?? target.id}`
                : target.type === 'schedule'
                  ? `whoever is on call on schedule ${target.id}`
                  : nameOf(target.id)
            }
          />
          <AlertResponders alertId={alert.id} />
          <AlertPendingNotifications alertId={alert.id} />
        </Card>
      </SimpleGrid>
      <AlertIncidents alert={alert} timeline={timeline.data?.data} />
      <AlertGroupCard alert={alert} />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Timeline
        </Title>
        <AlertTimeline alertId={alert.id} nameOf={nameOf} />
      </Card>
    </Stack>
  );
}
