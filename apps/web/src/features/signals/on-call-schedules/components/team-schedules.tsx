import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { OnCallScheduleSummary } from '@tocsin/contracts';
import { Link } from 'react-router-dom';
import { useScheduleGaps } from '../api/get-schedule-gaps';
import { useTeamOnCallSchedules } from '../api/get-team-on-call-schedules';
import { newSchedulePath, schedulePagePath } from '../lib/schedule-paths';
import { whoText } from '../lib/schedule-tracks';
import { GapWarning } from './gap-warning';

function TeamSchedule({ schedule }: { schedule: OnCallScheduleSummary }) {
  const gaps = useScheduleGaps(schedule.team_id, schedule.id);
  return (
    <Stack gap="xs" data-testid="team-schedule">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={schedulePagePath(schedule.id)} fw={500}>
          {schedule.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          On call now: {schedule.now ? whoText(schedule.now, new Map()) : 'nobody'}
        </Text>
      </Group>
      {gaps.data && <GapWarning gaps={gaps.data} zone={schedule.time_zone} scheduleName={schedule.name} />}
    </Stack>
  );
}

/** The team page's on-call schedules: who is on call now, and a warning for each coverage gap in the next 30 days. */
export function TeamSchedules({ teamId }: { teamId: string }) {
  const schedules = useTeamOnCallSchedules(teamId);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          On-call schedules
        </Title>
        {schedules.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No on-call schedules.{' '}
            <Anchor component={Link} to={`${newSchedulePath}?team=${encodeURIComponent(teamId)}`} underline="always">
              Make one
            </Anchor>
          </Text>
        )}
        {schedules.data?.map((schedule) => (
          <TeamSchedule key={schedule.id} schedule={schedule} />
        ))}
      </Stack>
    </Card>
  );
}
