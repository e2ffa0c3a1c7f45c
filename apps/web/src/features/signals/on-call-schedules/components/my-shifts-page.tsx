import { Anchor, Box, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useMyShifts } from '../api/get-my-shifts';
import { useOnCallSchedules } from '../api/get-on-call-schedules';
import { schedulePagePath } from '../lib/schedule-paths';
import { ScheduleCrumbs } from './schedule-crumbs';
import { lengthText, shortTime } from '../lib/schedule-time';

/** /signals/on_call_schedules/my_shifts: the signed-in user's shifts over the next 90 days, in each schedule's zone. */
export function MyShiftsPage() {
  const shifts = useMyShifts();
  const schedules = useOnCallSchedules();
  const zones = new Map((schedules.data ?? []).map((s) => [s.id, s.time_zone]));
  return (
    <Stack gap="lg">
      <ScheduleCrumbs current="My shifts" />
      <Title order={1} size="h2">
        My shifts
      </Title>
      {shifts.isPending ? (
        <LoadingArea />
      ) : shifts.isError ? (
        <ErrorAlert error={shifts.error} title="Could not load your shifts" />
      ) : shifts.data.length === 0 ? (
        <Text c="dimmed" data-testid="my-shifts-empty">
          You are on call on no schedule in the next 90 days.
        </Text>
      ) : (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="My shifts">
          <Table striped miw={560} data-testid="my-shifts">
            <Table.Caption>Your shifts over the next 90 days, each in its schedule&apos;s time zone</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Schedule</Table.Th>
                <Table.Th scope="col">From</Table.Th>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col">Length</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shifts.data.map((shift) => {
                const zone = zones.get(shift.schedule_id) ?? 'UTC';
                return (
                  <Table.Tr key={`${shift.schedule_id}-${shift.start}`} data-testid="my-shift-row">
                    <Table.Td>
                      <Anchor component={Link} to={schedulePagePath(shift.schedule_id)}>
                        {shift.schedule_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{shortTime(zone, shift.start)}</Table.Td>
                    <Table.Td>
                      {shortTime(zone, shift.end)}{' '}
                      <Text span size="xs" c="dimmed">
                        ({zone})
                      </Text>
                    </Table.Td>
                    <Table.Td>{lengthText(shift.start, shift.end)}</Table.Td>
                    <Table.Td>
                      {shift.reason.kind === 'override'
                        ? 'Override'
                        : shift.reason.kind === 'temporary'
                          ? 'Temporary schedule'
                          : (shift.reason.layer_name ?? 'Rotation')}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
