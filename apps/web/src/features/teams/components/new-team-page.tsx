import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useCreateTeam } from '../api/create-team';
import { TeamForm } from './team-form';

/** /settings/teams/new: the new team opens on its own page, ready for members. */
export function NewTeamPage() {
  const create = useCreateTeam();
  const navigate = useNavigate();
  return (
    <Stack>
      <Title order={1} size="h2">
        New team
      </Title>
      <TeamForm
        defaultValues={{ name: '', restrict_signals_resource_management: false }}
        submitLabel="Create team"
        error={create.error}
        onCancel={() => navigate('/settings/teams')}
        onSubmit={async (values) => {
          const team = await create.mutateAsync(values);
          navigate(`/settings/teams/${team.id}/overview`);
        }}
      />
    </Stack>
  );
}
