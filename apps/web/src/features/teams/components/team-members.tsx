import { Badge, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Team, TeamMembership } from '@tocsin/contracts';
import { permissionDisplayName } from '@tocsin/domain';
import { useState } from 'react';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { AddMemberModal } from './add-member-modal';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MemberPermissionsModal } from './member-permissions-modal';
import { PermissionButton } from '@/components/ui/permission-button';
import type { ActionAccess } from '../lib/team-access';

const nameOf = (membership: TeamMembership) => membership.user.name ?? membership.user.email ?? membership.user.id;

/** The team page's members: who they are and their team permissions; changes need manage_teams. */
export function TeamMembers({ team, manage }: { team: Team; manage: ActionAccess }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamMembership | null>(null);
  const [removing, setRemoving] = useState<TeamMembership | null>(null);
  const remove = useRemoveTeamMember();
  const closeRemove = () => (remove.reset(), setRemoving(null));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Members
        </Title>
        <PermissionButton
          allowed={manage.allowed}
          tooltip={manage.tooltip}
          permission="manage_teams"
          variant="light"
          onClick={() => setAdding(true)}
        >
          Add member
        </PermissionButton>
      </Group>
      {team.memberships.length === 0 ? (
        <Text c="dimmed" data-testid="team-members-empty">
          This team has no members yet.
        </Text>
      ) : (
        <Table aria-label="Team members" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Team permissions</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.memberships.map((membership) => (
              <Table.Tr key={membership.user.id} data-testid="team-member" data-user-id={membership.user.id}>
                <Table.Td fw={500}>{nameOf(membership)}</Table.Td>
                <Table.Td>{membership.user.email ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {membership.permissions.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    ) : (
                      membership.permissions.map((slug) => (
                        <Badge key={slug} variant="light" tt="none" data-permission={slug}>
                          {permissionDisplayName(slug)}
                        </Badge>
                      ))
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <PermissionButton
                      allowed={manage.allowed}
                      tooltip={manage.tooltip}
                      permission="manage_teams"
                      size="xs"
                      variant="subtle"
                      onClick={() => setEditing(membership)}
                      aria-label={`Edit permissions of ${nameOf(membership)}`}
                    >
                      Edit permissions
                    </PermissionButton>
                    <PermissionButton
                      allowed={manage.allowed}
                      tooltip={manage.tooltip}
                      permission="manage_teams"
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(membership)}
                      aria-label={`Remove ${nameOf(membership)}`}
                    >
                      Remove
                    </PermissionButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddMemberModal teamId={team.id} opened={adding} onClose={() => setAdding(false)} />
      <MemberPermissionsModal teamId={team.id} membership={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove member"
        confirmLabel="Remove"
        loading={remove.isPending}
        error={remove.error}
        onClose={closeRemove}
        onConfirm={() =>
          removing && remove.mutate({ teamId: team.id, userId: removing.user.id }, { onSuccess: closeRemove })
        }
      >
        Remove {removing && nameOf(removing)} from {team.name}?
      </ConfirmDialog>
    </Stack>
  );
}
