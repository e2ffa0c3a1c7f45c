import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { useDeleteTeam } from '../api/delete-team';
import { useTeam } from '../api/get-team';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PermissionButton } from '@/components/ui/permission-button';
import { TeamMembers } from './team-members';
import { TeamSignals } from '@/features/signals/alert-rules/components/team-signals';
import { TeamSchedules } from '@/features/signals/on-call-schedules/components/team-schedules';
import { TeamLoadError } from './team-not-found';
import { teamActionAccess } from '../lib/team-access';

/** /settings/teams/{id}/overview: the team page. Its changes need manage_teams, in the team itself too under rbacCandidateControl. */
export function TeamOverviewPage() {
  const me = useCurrentUser();
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const remove = useDeleteTeam();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  if (team.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  const { name, restrict_signals_resource_management: restricted } = team.data;
  const closeDelete = () => (remove.reset(), setDeleting(false));
  const manage = teamActionAccess(me, 'manage_teams', team.data);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/settings/teams">
          Teams
        </Anchor>
        <Text>{name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={restricted ? 'orange' : 'gray'} tt="none" data-testid="team-restriction">
              {restricted
                ? 'Signals resources restricted to this team'
                : 'Signals resources follow organization permissions'}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <PermissionButton
            allowed={manage.allowed}
            tooltip={manage.tooltip}
            permission="manage_teams"
            variant="default"
            onClick={() => navigate(`/settings/teams/${teamId}/edit`)}
          >
            Edit team
          </PermissionButton>
          <PermissionButton
            allowed={manage.allowed}
            tooltip={manage.tooltip}
            permission="manage_teams"
            variant="light"
            color="red"
            onClick={() => setDeleting(true)}
          >
            Delete team
          </PermissionButton>
        </Group>
      </Group>
      <TeamMembers team={team.data} manage={manage} />
      {me.featureFlags.signals !== false && <TeamSignals team={team.data} />}
      {me.featureFlags.signals !== false && me.permissions.includes('read_on_call_schedules') && (
        <TeamSchedules teamId={team.data.id} />
      )}
      <ConfirmDialog
        opened={deleting}
        title="Delete team"
        confirmLabel="Delete team"
        loading={remove.isPending}
        error={remove.error}
        onClose={closeDelete}
        onConfirm={() => remove.mutate(teamId, { onSuccess: () => navigate('/settings/teams', { replace: true }) })}
      >
        Delete {name}? Its members stay in the organization.
      </ConfirmDialog>
    </Stack>
  );
}
