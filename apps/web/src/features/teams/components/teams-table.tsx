import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { Team } from '@tocsin/contracts';
import { Link } from 'react-router-dom';

const memberNames = (team: Team) => team.memberships.map((m) => m.user.name ?? m.user.email ?? m.user.id);

export function TeamsTable({ teams }: { teams: Team[] }) {
  if (teams.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="teams-empty">
        No teams yet.
      </Text>
    );
  }
  return (
    <Table highlightOnHover striped aria-label="Teams">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Members</Table.Th>
          <Table.Th>Signals resources</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {teams.map((team) => {
          const names = memberNames(team);
          return (
            <Table.Tr key={team.id} data-testid="team-row">
              <Table.Td>
                <Anchor component={Link} to={`/settings/teams/${team.id}/overview`} fw={500}>
                  {team.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={names.join(', ')} lineClamp={1}>
                  {names.length === 0
                    ? '—'
                    : `${names.length} · ${names.slice(0, 3).join(', ')}${names.length > 3 ? '…' : ''}`}
                </Text>
              </Table.Td>
              <Table.Td>
                {team.restrict_signals_resource_management ? (
                  <Badge variant="light" tt="none">
                    Restricted to team
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Organization permissions
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
