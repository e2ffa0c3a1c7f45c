import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { schedulePagePath, schedulesPath } from '../lib/schedule-paths';

/** Where a schedule page sits: the schedules, the schedule (when the page is below it), then the page itself. */
export function ScheduleCrumbs({ current, schedule }: { current: string; schedule?: { id: string; name: string } }) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={schedulesPath}>
        On-call schedules
      </Anchor>
      {schedule && (
        <Anchor component={Link} to={schedulePagePath(schedule.id)}>
          {schedule.name}
        </Anchor>
      )}
      <Text>{current}</Text>
    </Breadcrumbs>
  );
}
