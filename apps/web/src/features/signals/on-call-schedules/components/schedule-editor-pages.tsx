import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useTeam } from '@/features/teams/api/get-team';
import { useCurrentUser } from '@/lib/get-me';
import { useTeamOptions } from '../../shared/api/get-team-options';
import { signalsResourceAccess } from '../../shared/lib/signals-access';
import { useCreateOnCallSchedule } from '../api/create-on-call-schedule';
import { useOnCallSchedule } from '../api/get-on-call-schedule';
import { useOnCallSchedules } from '../api/get-on-call-schedules';
import { useUpdateOnCallSchedule } from '../api/update-on-call-schedule';
import { schedulePagePath, schedulesPath } from '../lib/schedule-paths';
import { ScheduleCrumbs } from './schedule-crumbs';
import { ScheduleForm, scheduleFormValues, scheduleRequest } from './schedule-form';
import { SchedulePage } from './schedule-page';

/** /signals/on_call_schedules/new (?team= preselects the team). */
export function NewSchedulePage() {
  const teams = useTeamOptions();
  const create = useCreateOnCallSchedule();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (teams.isPending) return <LoadingArea />;
  if (teams.isError) return <ErrorAlert error={teams.error} title="Could not load the teams" />;
  const team = params.get('team');
  return (
    <Stack>
      <ScheduleCrumbs current="New" />
      <Title order={1} size="h2">
        New on-call schedule
      </Title>
      <ScheduleForm
        defaultValues={scheduleFormValues(undefined, teams.data.some((t) => t.id === team) ? team : null)}
        teams={teams.data.map((t) => ({ value: t.id, label: t.name }))}
        submitLabel="Create schedule"
        error={create.error}
        onCancel={() => navigate(schedulesPath)}
        onSubmit={async (values) => {
          if (!values.teamId) throw new Error('no team');
          const created = await create.mutateAsync({ teamId: values.teamId, body: scheduleRequest(values) });
          navigate(schedulePagePath(created.id));
        }}
      />
    </Stack>
  );
}

/** /signals/on_call_schedules/{id}/edit: the rotation editor for a saved schedule. */
export function EditSchedulePage() {
  const { scheduleId = '' } = useParams();
  const list = useOnCallSchedules();
  const summary = list.data?.find((s) => s.id === scheduleId);
  if (list.isPending) return <LoadingArea />;
  if (!summary) return <SchedulePage />; // says it is not found, the same way
  return <EditLoaded teamId={summary.team_id} scheduleId={scheduleId} />;
}

function EditLoaded({ teamId, scheduleId }: { teamId: string; scheduleId: string }) {
  const me = useCurrentUser();
  const team = useTeam(teamId);
  const schedule = useOnCallSchedule(teamId, scheduleId);
  const update = useUpdateOnCallSchedule(teamId, scheduleId);
  const navigate = useNavigate();
  if (team.isPending || schedule.isPending) return <LoadingArea />;
  if (team.isError) return <ErrorAlert error={team.error} title="Could not load the schedule's team" />;
  if (schedule.isError) return <ErrorAlert error={schedule.error} title="Could not load the schedule" />;
  if (!signalsResourceAccess(me, 'manage_on_call_schedules', team.data).allowed)
    return <Navigate to="/unauthorized/manage_on_call_schedules" replace />;
  return (
    <Stack>
      <ScheduleCrumbs current="Edit rotation" schedule={schedule.data} />
      <Title order={1} size="h2">
        Edit {schedule.data.name}
      </Title>
      <Text size="sm" c="dimmed">
        Changes apply from now on: the past stays as it was.
      </Text>
      <ScheduleForm
        defaultValues={scheduleFormValues(schedule.data)}
        submitLabel="Save changes"
        error={update.error}
        onCancel={() => navigate(schedulePagePath(scheduleId))}
        onSubmit={async (values) => {
          await update.mutateAsync(scheduleRequest(values));
          navigate(schedulePagePath(scheduleId));
        }}
      />
    </Stack>
  );
}
