import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Incident, IncidentStatus, IncidentTimelineEntry, RoomViewer } from '@tocsin/contracts';
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
import { incidentKey, useIncident } from '../api/get-incident';
import { incidentTimelineKey, useIncidentTimeline } from '../api/get-incident-timeline';
import { peopleOfEntries } from '../lib/incident-lookup';
import { useIncidentNames } from '../lib/use-incident-names';
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

/** Everyone the incident and its timeline name: who acted, holds a role, was given a task or a follow-up. */
const peopleOf = (incident: Incident, entries: readonly IncidentTimelineEntry[]) => [
  ...peopleOfEntries(entries),
  ...Object.values(incident.roles),
  ...incident.tasks.map((task) => task.assignee_id),
  ...incident.follow_ups.map((followUp) => followUp.owner_id),
  ...Object.values(incident.versions).map((version) => version.set_by),
];

/**
 * Who can be picked: the organization's members when this person may read them, else who is here. Anyone else
 * the page shows is named by the incident names lookup (a viewer may not list the members).
 */
function usePeople(viewers: RoomViewer[], person: (id: string) => string): People {
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
    return { options, nameOf: (id) => (id === null ? 'System' : (names.get(id) ?? person(id))) };
  }, [viewers, users.data, me.user.id, me.user.name, person]);
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
  // every event of the incident, live and caught up after a reconnect: read the incident and its record again
  const room = useRoom('incident', incident.id, {
    onEvent: () => {
      void queryClient.invalidateQueries({ queryKey: incidentKey(incident.id) });
      void queryClient.invalidateQueries({ queryKey: incidentTimelineKey(incident.id) });
    },
  });
  const entries = timeline.data?.data ?? [];
  const names = useIncidentNames(peopleOf(incident, entries));
  const people = usePeople(room.viewers, names.person);
  const milestones = milestoneList(incident, names.milestones);
  const severity = names.severity(incident.severity_id);
  const priority = names.priority(incident.priority_id);
  // one column (a phone, a narrow window): the timeline first, it is the record; the panels follow. The order is
  // the document's, so reading and focus follow what is seen; keyed, so a draft survives crossing the width.
  const theme = useMantineTheme();
  const oneColumn =
    useMediaQuery(`(max-width: calc(${theme.breakpoints.lg} - 1px))`, false, { getInitialValueInEffect: false }) ??
    false;
  const panel = { incident, settings: settingsData, roles: names.roles, canManage, people };
  const panels = (
    <Stack key="panels">
      <Section title="Details">
        <IncidentFields incident={incident} names={names} canManage={canManage} nameOf={people.nameOf} />
      </Section>
      <Section title="Milestones" testId="milestones">
        <IncidentMilestones incident={incident} milestones={milestones} canManage={canManage} />
      </Section>
      <Section title="Roles" testId="incident-roles">
        <IncidentRoles {...panel} />
      </Section>
      <Section title="Tasks" testId="incident-tasks">
        <IncidentTasks {...panel} />
      </Section>
      <Section title="Follow-ups" testId="incident-follow-ups">
        <IncidentFollowUps {...panel} />
      </Section>
      <Section title="Links" testId="incident-links">
        <IncidentLinks {...panel} />
      </Section>
    </Stack>
  );
  const record = (
    <Stack key="record">
      {canManage && (
        <Section title="Add to the timeline">
          <Stack>
            <NoteComposer incident={incident} typers={room.typers} me={me.user.id} setTyping={room.setTyping} />
            <StatusUpdateComposer incident={incident} settings={settingsData} />
          </Stack>
        </Section>
      )}
      <Section title="Timeline" testId="timeline-section">
        {timeline.isPending ? (
          <LoadingArea />
        ) : (
          <IncidentTimeline
            incident={incident}
            entries={entries}
            canManage={canManage}
            nameOf={people.nameOf}
            names={names}
          />
        )}
      </Section>
    </Stack>
  );

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
              Team {names.team(incident.team_id)}
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
        {(oneColumn ? ['record', 'panels'] : ['panels', 'record']).map((part) => (part === 'panels' ? panels : record))}
      </SimpleGrid>
    </Stack>
  );
}
