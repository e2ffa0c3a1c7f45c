import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

const roleLabel = (role: string) => `${role[0].toUpperCase()}${role.slice(1)}`;
const date = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Invitations sent and not yet used; each can be revoked, which makes its link stop working. */
export function PendingInvitations({ canManage }: { canManage: boolean }) {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  if (invitations.isPending) return null;
  if (invitations.isError) return <ErrorAlert error={invitations.error} title="Could not load invitations" />;
  return (
    <Stack gap="xs" data-testid="pending-invitations">
      <Title order={2} size="h4">
        Pending invitations
      </Title>
      {revoke.isError && <ErrorAlert error={revoke.error} title="Could not revoke the invitation" />}
      {invitations.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No pending invitations.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Expires</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr key={invitation.id} data-testid="invitation-row">
                <Table.Td>{invitation.email}</Table.Td>
                <Table.Td>{roleLabel(invitation.role)}</Table.Td>
                <Table.Td>{date(invitation.expires_at)}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      loading={revoke.isPending && revoke.variables === invitation.id}
                      onClick={() => revoke.mutate(invitation.id)}
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
