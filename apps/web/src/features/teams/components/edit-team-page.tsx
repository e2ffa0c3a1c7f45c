import { Stack, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { useTeam } from '../api/get-team';
import { useUpdateTeam } from '../api/update-team';
import { TeamLoadError } from './team-not-found';
import { TeamForm } from './team-form';
import { teamActionAccess } from '../lib/team-access';

/**
 * /settings/teams/{id}/edit. Under rbacCandidateControl the route lets the team decide (its teamParam):
 * whoever holds manage_teams neither in the organization nor in this team goes to the unauthorized page.
 */
export function EditTeamPage() {
  const me = useCurrentUser();
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const update = useUpdateTeam();
  const navigate = useNavigate();
  const overview = `/settings/teams/${teamId}/overview`;
  if (team.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  if (!teamActionAccess(me, 'manage_teams', team.data).allowed)
    return <Navigate to="/unauthorized/manage_teams" replace />;
  const { name, restrict_signals_resource_management } = team.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        Edit {name}
      </Title>
      <TeamForm
        defaultValues={{ name, restrict_signals_resource_management }}
        submitLabel="Save changes"
        error={update.error}
        onCancel={() => navigate(overview)}
        onSubmit={async (values) => {
          await update.mutateAsync({ teamId, ...values });
          navigate(overview);
        }}
      />
    </Stack>
  );
}
