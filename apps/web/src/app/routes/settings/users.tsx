import { Alert, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { permissionTooltip } from '@tocsin/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { meQueryKey, useCurrentUser } from '@/lib/get-me';
import { PendingInvitations } from '@/features/organization-admin/components/pending-invitations';
import { UsersTable } from '@/features/organization-admin/components/users-table';

/** /settings/users: the members with their roles, and the invitations still open. */
export function UsersRoute() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const invited: unknown = useLocation().state?.invited;
  const navigate = useNavigate();
  const canManage = me.permissions.includes('manage_users');
  const invite = (
    <Button component={Link} to="/settings/invitations/new" disabled={!canManage}>
      Invite users
    </Button>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        {canManage ? (
          invite
        ) : (
          <Tooltip label={permissionTooltip({ scope: 'organization', permission: 'manage_users' })} multiline w={300}>
            <span>{invite}</span>
          </Tooltip>
        )}
      </Group>
      {typeof invited === 'string' && (
        <Alert
          color="green"
          role="status"
          data-testid="invitation-sent"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => navigate('.', { replace: true, state: null })}
        >
          Invitation sent to {invited}.
        </Alert>
      )}
      <UsersTable
        currentUserId={me.user.id}
        canManage={canManage}
        onRoleChanged={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
      />
      <PendingInvitations canManage={canManage} />
    </Stack>
  );
}
