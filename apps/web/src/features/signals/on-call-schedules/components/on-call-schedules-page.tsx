import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FinalShiftWire, OnCallScheduleSummary } from '@tocsin/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { organizationAccess } from '@/features/teams/lib/team-access';
import { useCurrentUser } from '@/lib/get-me';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { useOnCallSchedules } from '../api/get-on-call-schedules';
import { myShiftsPath, newSchedulePath, schedulePagePath } from '../lib/schedule-paths';
import { shortTime } from '../lib/schedule-time';
import { whoText } from '../lib/schedule-tracks';

function Shift({ label, shift, zone }: { label: string; shift: FinalShiftWire | null; zone: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {shift === null ? (
        label === 'On call now' ? (
          <Badge color="red" variant="light" tt="none" w="fit-content">
            Nobody on call
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Nobody in the next 30 days
          </Text>
        )
      ) : (
        <>
          <Text size="sm" fw={500}>
            {whoText(shift, new Map())}
          </Text>
          <Text size="xs" c="dimmed">
            {label === 'On call now' ? `until ${shortTime(zone, shift.end)}` : `from ${shortTime(zone, shift.start)}`}
          </Text>
        </>
      )}
    </Stack>
  );
}

function ScheduleCard({ schedule, teamName }: { schedule: OnCallScheduleSummary; teamName?: string }) {
  return (
    <Card withBorder padding="md" data-testid="schedule-row">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            <Anchor component={Link} to={schedulePagePath(schedule.id)}>
              {schedule.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {teamName ?? 'Team'} · {schedule.time_zone}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Shift label="On call now" shift={schedule.now} zone={schedule.time_zone} />
          <Shift label="Next" shift={schedule.next} zone={schedule.time_zone} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** /signals/on_call_schedules: every schedule of the organization with who is on call now and next, live. */
export function OnCallSchedulesPage() {
  const me = useCurrentUser();
  const schedules = useOnCallSchedules();
  const teamNames = useTeamNames();
  const navigate = useNavigate();
  const manage = organizationAccess(me, 'manage_on_call_schedules');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          On-call schedules
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={myShiftsPath}>
            My shifts
          </Button>
          <PermissionButton
            allowed={manage.allowed}
            tooltip={manage.tooltip}
            permission="manage_on_call_schedules"
            onClick={() => navigate(newSchedulePath)}
          >
            New schedule
          </PermissionButton>
        </Group>
      </Group>
      {schedules.isPending ? (
        <LoadingArea />
      ) : schedules.isError ? (
        <ErrorAlert error={schedules.error} title="Could not load the on-call schedules" />
      ) : schedules.data.length === 0 ? (
        <Text c="dimmed" data-testid="schedules-empty">
          No on-call schedules yet. A schedule says who on a team is on call, turn by turn, and an escalation step can
          page whoever is on call.
        </Text>
      ) : (
        <Stack gap="sm">
          {schedules.data.map((schedule) => (
            <ScheduleCard key={schedule.id} schedule={schedule} teamName={teamNames.get(schedule.team_id)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
