import { Code, Table, Text } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useOrganizationRoles } from '../api/get-organization-roles';

const label = (role: string) => `${role[0].toUpperCase()}${role.slice(1)}`;

/** Every permission against the four roles, as the server's role table grants them. */
export function RoleMatrix() {
  const roles = useOrganizationRoles();
  if (roles.isPending) return <LoadingArea />;
  if (roles.isError) return <ErrorAlert error={roles.error} title="Could not load the roles" />;
  const held = new Map(roles.data.roles.map(({ role, permissions }) => [role, new Set<string>(permissions)]));
  return (
    <Table striped withTableBorder data-testid="role-matrix">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Permission</Table.Th>
          {roles.data.roles.map(({ role }) => (
            <Table.Th key={role} ta="center">
              {label(role)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {roles.data.permission_definitions.map((definition) => (
          <Table.Tr key={definition.slug} data-testid="permission-row" data-permission={definition.slug}>
            <Table.Td>
              <Text size="sm">{definition.display_name}</Text>
              <Code fz="xs">{definition.slug}</Code>
            </Table.Td>
            {roles.data.roles.map(({ role }) => {
              const granted = held.get(role)?.has(definition.slug) ?? false;
              return (
                <Table.Td
                  key={role}
                  ta="center"
                  aria-label={`${label(role)}: ${granted ? 'granted' : 'not granted'}`}
                  data-granted={granted}
                >
                  {granted ? '✓' : '—'}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
