import { NavLink, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useMyTeams } from '@/features/teams/api/get-my-teams';

/** The Teams flyout's content: the user's own teams, then the way to all of them. */
export function TeamLinks({ onNavigate }: { onNavigate?: () => void }) {
  const teams = useMyTeams();
  return (
    <Stack gap={2} data-testid="team-links">
      {teams.isPending ? (
        <Text size="sm" c="dimmed" px="sm">
          Loading...
        </Text>
      ) : teams.data?.length ? (
        teams.data.map((team) => (
          <NavLink
            key={team.id}
            component={Link}
            to={`/settings/teams/${team.id}/overview`}
            label={team.name}
            onClick={onNavigate}
            py={4}
          />
        ))
      ) : (
        <Text size="sm" c="dimmed" px="sm">
          You are not a member of any teams
        </Text>
      )}
      <NavLink component={Link} to="/settings/teams" label="View all Teams" onClick={onNavigate} fw={600} py={4} />
    </Stack>
  );
}
