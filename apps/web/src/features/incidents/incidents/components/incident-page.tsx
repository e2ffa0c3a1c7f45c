import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Incident, IncidentStatus, RoomViewer } from '@tocsin/contracts';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { ViewingNow } from '@/components/ui/viewing-now';
import { ChangesSinceLastLook } from './changes-since-last-look';
import { useCurrentUser } from '@/lib/get-me';
import { useRoom } from '@/lib/use-room';
import { getUsers, usersQueryKey } from '@/features/organization-admin/api/get-users';
import { useIncidentSettings } from '@/features/incidents/settings/api/get-incident-settings';
import { ResourceLoadFailure } from '@/features/signals/shared/components/resource-load-failure';
import { useTeamNames } from '@/features/signals/shared/hooks/use-team-names';
import { incidentKey, useIncident } from '../api/get-incident';
import { incidentTimelineKey, useIncidentTimeline } from '../api/get-incident-timeline';
import { IncidentFields } from './incident-page-fields';
import { IncidentMilestones, milestoneList } from './incident-page-milestones';
import { IncidentTimeline, NoteComposer, StatusUpdateComposer } from './incident-page-timeline';
import { IncidentFollowUps, IncidentLinks, IncidentRoles, IncidentTasks, type People } from './incident-page-work';

/** /incidents/{id}: the live incident room. */
export function IncidentPage() {
  const { incidentId = '' } = useParams();
  const incident = useIncident(incidentId);
  if (incident.isPending) return <LoadingArea />;
  if (incident.isError) {
    return (
      <ResourceLoadFailure
        title="Incident"
        thing="incident"
        error={incident.error}
        testId="incident-not-found"
        back={{ to: '/incidents', label: 'All incidents' }}
      />
    );
  }
  return <IncidentRoom incident={incident.data} />;
}

const STATUS_COLOURS: Record<IncidentStatus, string> = {
  open: 'red',
  mitigated: 'orange',
  resolved: 'green',
  closed: 'gray',
};

/** Everyone the page can name: the organization's members when this person may read them, else who is here. */
function usePeople(viewers: RoomViewer[]): People {
  const me = useCurrentUser();
  const mayReadUsers = me.permissions.includes('read_users');
  const users = useQuery({
    queryKey: usersQueryKey(1),
    queryFn: ({ signal }) => getUsers(1, { signal }),
    enabled: mayReadUsers,
  });
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const v of viewers) names.set(v.user_id, v.name);
    for (const u of users.data?.data ?? []) names.set(u.id, u.name);
    names.set(me.user.id, me.user.name);
    const options = [...names].map(([value, label]) => ({
      value,
      label: value === me.user.id ? `${label} (you)` : label,
    }));
    return { options, nameOf: (id) => (id === null ? 'System' : (names.get(id) ?? 'Someone')) };
  }, [viewers, users.data, me.user.id, me.user.name]);
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function IncidentRoom({ incident }: { incident: Incident }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const canManage = me.permissions.includes('manage_incidents');
  const settings = useIncidentSettings();
  const settingsData = me.permissions.includes('read_incident_settings') ? settings.data : undefined;
  const timeline = useIncidentTimeline(incident.id);
  const teamNames = useTeamNames();
  // every event of the incident, live and caught up after a reconnect: read the incident and its record again
  const room = useRoom('incident', incident.id, {
    onEvent: () => {
      void queryClient.invalidateQueries({ queryKey: incidentKey(incident.id) });
      void queryClient.invalidateQueries({ queryKey: incidentTimelineKey(incident.id) });
    },
  });
  const people = usePeople(room.viewers);
  const milestones = milestoneList(incident, settingsData);
  const milestoneName = (key: string) => milestones.find((m) => m.key === key)?.name ?? key;
  const severity = settingsData?.severities.find((s) => s.id === incident.severity_id)?.name ?? incident.severity_id;
  const priority = settingsData?.priorities.find((p) => p.id === incident.priority_id)?.name ?? incident.priority_id;
  const panel = { incident, settings: settingsData, canManage, people };

  return (
    <Stack pb={0}>
      <Anchor component={Link} to="/incidents" size="sm">
        <span aria-hidden>← </span>All incidents
      </Anchor>
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={600} data-testid="incident-reference">
          {incident.reference}
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {incident.name}
        </Title>
        <Group gap="xs">
          <Badge color={STATUS_COLOURS[incident.status]} data-testid="incident-status">
            {incident.status}
          </Badge>
          {severity && <Badge variant="outline">{severity}</Badge>}
          {priority && <Badge variant="outline">{priority}</Badge>}
          {incident.team_id && (
            <Text size="sm" c="dimmed">
              Team {teamNames.get(incident.team_id) ?? incident.team_id}
            </Text>
          )}
        </Group>
        <ViewingNow viewers={room.viewers} me={me.user.id} />
        <Group gap="md">
          <Anchor component={Link} to={`/incidents/${encodeURIComponent(incident.id)}/history`} size="sm">
            Step through its history
          </Anchor>
          <Anchor component={Link} to={`/incidents/${encodeURIComponent(incident.id)}/retrospective`} size="sm">
            Retrospective
          </Anchor>
        </Group>
      </Stack>
      <ChangesSinceLastLook incidentId={incident.id} quietOnFirstLook />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack>
          <Section title="Details">
            <IncidentFields incident={incident} settings={settingsData} canManage={canManage} nameOf={people.nameOf} />
          </Section>
          <Section title="Milestones" testId="milestones">
            <IncidentMilestones incident={incident} settings={settingsData} canManage={canManage} />
          </Section>
          <Section title="Roles">
            <IncidentRoles {...panel} />
          </Section>
          <Section title="Tasks">
            <IncidentTasks {...panel} />
          </Section>
          <Section title="Follow-ups">
            <IncidentFollowUps {...panel} />
          </Section>
          <Section title="Links">
            <IncidentLinks {...panel} />
          </Section>
        </Stack>
        <Stack>
          {canManage && (
            <Section title="Add to the timeline">
              <Stack>
                <NoteComposer incident={incident} typers={room.typers} me={me.user.id} setTyping={room.setTyping} />
                <StatusUpdateComposer incident={incident} settings={settingsData} />
              </Stack>
            </Section>
          )}
          <Section title="Timeline">
            {timeline.isPending ? (
              <LoadingArea />
            ) : (
              <IncidentTimeline
                incident={incident}
                entries={timeline.data?.data ?? []}
                canManage={canManage}
                nameOf={people.nameOf}
                milestoneName={milestoneName}
              />
            )}
          </Section>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
