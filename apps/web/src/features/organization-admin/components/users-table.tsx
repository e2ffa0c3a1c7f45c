import { Anchor, Badge, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useUsers } from '../api/get-users';
import { MemberRoleSelect } from './member-role-select';

const joined = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

interface UsersTableProps {
  currentUserId: string;
  canManage: boolean;
  /** After a role change: the signed-in user's own role may be the one that changed. */
  onRoleChanged?: () => void;
}

export function UsersTable({ currentUserId, canManage, onRoleChanged }: UsersTableProps) {
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  if (users.isPending) return <LoadingArea />;
  if (users.isError) return <ErrorAlert error={users.error} title="Could not load users" />;
  const { data, pagination } = users.data;
  return (
    <Stack gap="sm">
      <Table striped highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
            {canManage && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((member) => (
            <Table.Tr key={member.id} data-testid="user-row" data-email={member.email}>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {member.name}
                  </Text>
                  {member.id === currentUserId && (
                    <Badge size="xs" variant="light">
                      You
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>
                <MemberRoleSelect member={member} canManage={canManage} onChanged={onRoleChanged} />
              </Table.Td>
              <Table.Td>{joined(member.joined_at)}</Table.Td>
              {canManage && (
                <Table.Td>
                  <Anchor component={Link} to={`/settings/users/${member.id}/edit`} size="sm">
                    Edit
                  </Anchor>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {pagination.total} {pagination.total === 1 ? 'user' : 'users'}
        </Text>
        {pagination.total_pages > 1 && <Pagination total={pagination.total_pages} value={page} onChange={setPage} />}
      </Group>
    </Stack>
  );
}
