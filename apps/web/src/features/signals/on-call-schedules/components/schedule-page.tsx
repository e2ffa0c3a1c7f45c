import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { OnCallSchedule, TeamMembership } from '@tocsin/contracts';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useTeam } from '@/features/teams/api/get-team';
import { useCurrentUser } from '@/lib/get-me';
import { signalsResourceAccess } from '../../shared/lib/signals-access';
import { useOnCallSchedule } from '../api/get-on-call-schedule';
import { useOnCallSchedules } from '../api/get-on-call-schedules';
import { useScheduleFinal } from '../api/get-schedule-final';
import { useScheduleGaps } from '../api/get-schedule-gaps';
import { useRemoveScheduleOverride } from '../api/remove-schedule-override';
import { scheduleEditPath, schedulesPath } from '../lib/schedule-paths';
import {
  dayLabel,
  dayStarts,
  dayText,
  DAY_MS,
  localOf,
  mondayOf,
  monthLabel,
  parseDay,
  shortTime,
} from '../lib/schedule-time';
import { finalTrack, layerTracks, namesOf, overridesTrack, overrideText } from '../lib/schedule-tracks';
import { GapWarning } from './gap-warning';
import { ScheduleCrumbs } from './schedule-crumbs';
import { OverrideForm } from './override-form';
import { ScheduleTimeline } from './schedule-timeline';
import { ShiftsTable } from './shifts-table';
import { SwapsPanel } from './swaps-panel';

type View = 'week' | 'month';

/** The range a view shows: a week from Monday, or the whole weeks around a month, in the schedule's zone. */
function rangeOf(view: View, zone: string, anchor: number | null) {
  const today = mondayOf(zone, Date.now());
  if (view === 'week') {
    const first = anchor === null ? today : mondayOf('UTC', anchor);
    return { first, days: 7, label: `Week of ${dayLabel(first)}` };
  }
  const day = new Date(anchor ?? Math.floor(localOf(zone, Date.now()) / DAY_MS) * DAY_MS);
  const monthStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
  const monthEnd = Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1);
  const first = mondayOf('UTC', monthStart);
  const days = Math.ceil((monthEnd - first) / DAY_MS / 7) * 7;
  return { first, days, label: monthLabel(monthStart), monthStart };
}

function stepOf(view: View, first: number, monthStart: number | undefined, direction: -1 | 1): number {
  if (view === 'week') return first + direction * 7 * DAY_MS;
  const d = new Date(monthStart ?? first);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + direction, 1);
}

/** /signals/on_call_schedules/{id}: the week or month of layers, overrides and the final line; gaps, overrides, swaps. */
export function SchedulePage() {
  const { scheduleId = '' } = useParams();
  const list = useOnCallSchedules();
  const summary = list.data?.find((s) => s.id === scheduleId);
  if (list.isPending) return <LoadingArea />;
  if (list.isError) return <ErrorAlert error={list.error} title="Could not load the schedule" />;
  if (!summary)
    return (
      <Alert color="gray" title="Schedule not found" data-testid="schedule-not-found">
        This schedule does not exist or was deleted.{' '}
        <Anchor component={Link} to={schedulesPath}>
          View the on-call schedules
        </Anchor>
      </Alert>
    );
  return <ScheduleLoaded teamId={summary.team_id} scheduleId={scheduleId} />;
}

function ScheduleLoaded({ teamId, scheduleId }: { teamId: string; scheduleId: string }) {
  const me = useCurrentUser();
  const team = useTeam(teamId);
  const schedule = useOnCallSchedule(teamId, scheduleId);
  if (schedule.isPending || team.isPending) return <LoadingArea />;
  if (schedule.isError) return <ErrorAlert error={schedule.error} title="Could not load the schedule" />;
  if (team.isError) return <ErrorAlert error={team.error} title="Could not load the schedule's team" />;
  const manage = signalsResourceAccess(me, 'manage_on_call_schedules', team.data);
  return (
    <ScheduleView
      schedule={schedule.data}
      teamName={team.data.name}
      members={team.data.memberships}
      manage={manage}
      myId={me.user.id}
    />
  );
}

function ScheduleView({
  schedule,
  teamName,
  members,
  manage,
  myId,
}: {
  schedule: OnCallSchedule;
  teamName: string;
  members: TeamMembership[];
  manage: { allowed: boolean; tooltip?: string };
  myId: string;
}) {
  const zone = schedule.time_zone;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'month' ? 'month' : 'week';
  const range = rangeOf(view, zone, parseDay(params.get('from')));
  const starts = useMemo(() => dayStarts(zone, range.first, range.days), [zone, range.first, range.days]);
  const window = { from: new Date(starts[0]).toISOString(), to: new Date(starts[starts.length - 1]).toISOString() };
  const final = useScheduleFinal(schedule.team_id, schedule.id, window);
  const gaps = useScheduleGaps(schedule.team_id, schedule.id);
  const removeOverride = useRemoveScheduleOverride(schedule.team_id, schedule.id);
  const [adding, setAdding] = useState(false);
  const names = namesOf(members, final.data?.final);
  const people = members.map((m) => ({ value: m.user.id, label: m.user.name ?? m.user.email ?? m.user.id }));
  const go = (next: { view?: View; from?: number | null }) => {
    const p = new URLSearchParams(params);
    if (next.view) p.set('view', next.view);
    if (next.from === null) p.delete('from');
    else if (next.from !== undefined) p.set('from', dayText(next.from));
    setParams(p, { replace: true });
  };
  const now = new Date().toISOString();
  const overrides = schedule.overrides.filter((o) => o.end > now).sort((a, b) => a.start.localeCompare(b.start));

  const weeks =
    view === 'week'
      ? [{ first: range.first, starts }]
      : Array.from({ length: range.days / 7 }, (_, w) => ({
          first: range.first + w * 7 * DAY_MS,
          starts: starts.slice(w * 7, w * 7 + 8),
        }));

  return (
    <Stack gap="lg">
      <ScheduleCrumbs current={schedule.name} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {schedule.name}
          </Title>
          <Text size="sm" c="dimmed">
            {teamName} · times in {zone}
          </Text>
        </Stack>
        <PermissionButton
          allowed={manage.allowed}
          tooltip={manage.tooltip}
          permission="manage_on_call_schedules"
          variant="default"
          onClick={() => navigate(scheduleEditPath(schedule.id))}
        >
          Edit rotation
        </PermissionButton>
      </Group>
      {gaps.data && <GapWarning gaps={gaps.data} zone={zone} />}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="compact-md"
            onClick={() => go({ from: stepOf(view, range.first, range.monthStart, -1) })}
          >
            {view === 'week' ? 'Previous week' : 'Previous month'}
          </Button>
          <Button variant="default" size="compact-md" onClick={() => go({ from: null })}>
            Today
          </Button>
          <Button
            variant="default"
            size="compact-md"
            onClick={() => go({ from: stepOf(view, range.first, range.monthStart, 1) })}
          >
            {view === 'week' ? 'Next week' : 'Next month'}
          </Button>
        </Group>
        <SegmentedControl
          aria-label="Calendar view"
          value={view}
          onChange={(v) => go({ view: v as View })}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
        />
      </Group>
      <Title order={2} size="h3" data-testid="range-label">
        {range.label}
      </Title>
      {final.isError ? (
        <ErrorAlert error={final.error} title="Could not load who is on call" />
      ) : !final.data ? (
        <LoadingArea />
      ) : (
        <Stack gap="md" data-testid="schedule-calendar">
          {weeks.map((week) => (
            <ScheduleTimeline
              key={week.first}
              label={view === 'week' ? range.label : `Week of ${dayLabel(week.first)}`}
              firstDay={week.first}
              dayStarts={week.starts}
              tracks={
                view === 'week'
                  ? [
                      ...layerTracks(final.data, schedule, names),
                      overridesTrack(schedule, names),
                      finalTrack('final', 'Final schedule', final.data.final, zone, names),
                    ]
                  : [
                      finalTrack(
                        `final-${week.first}`,
                        `Week of ${dayLabel(week.first)}`,
                        final.data.final,
                        zone,
                        names,
                      ),
                    ]
              }
            />
          ))}
          <ShiftsTable
            caption={`Who is on call: ${range.label} (${zone})`}
            final={final.data.final}
            zone={zone}
            names={names}
          />
        </Stack>
      )}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Overrides
            </Title>
            {!adding && (
              <PermissionButton
                allowed={manage.allowed}
                tooltip={manage.tooltip}
                permission="manage_on_call_schedules"
                size="compact-md"
                onClick={() => setAdding(true)}
              >
                Add override
              </PermissionButton>
            )}
          </Group>
          {adding && (
            <OverrideForm
              teamId={schedule.team_id}
              scheduleId={schedule.id}
              zone={zone}
              people={people}
              onDone={() => setAdding(false)}
            />
          )}
          {removeOverride.error != null && (
            <ErrorAlert error={removeOverride.error} title="Could not remove the override" />
          )}
          {overrides.length === 0 ? (
            <Text size="sm" c="dimmed">
              No current or coming overrides.
            </Text>
          ) : (
            overrides.map((o) => (
              <Group key={o.id} justify="space-between" wrap="wrap" data-testid="override-row">
                <Text size="sm">
                  {overrideText(o, names)}, {shortTime(zone, o.start)} to {shortTime(zone, o.end)}
                </Text>
                <PermissionButton
                  allowed={manage.allowed}
                  tooltip={manage.tooltip}
                  permission="manage_on_call_schedules"
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={`Remove override: ${overrideText(o, names)}, ${shortTime(zone, o.start)}`}
                  onClick={() => removeOverride.mutate(o.id)}
                >
                  Remove
                </PermissionButton>
              </Group>
            ))
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <SwapsPanel schedule={schedule} myId={myId} canManage={manage.allowed} names={names} />
      </Card>
    </Stack>
  );
}
