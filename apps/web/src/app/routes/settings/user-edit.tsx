import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { meQueryKey, useCurrentUser } from '@/lib/get-me';
import { useUser } from '@/features/organization-admin/api/get-user';
import { RemoveMemberButton } from '@/features/organization-admin/components/remove-member-button';
import { UserEditForm } from '@/features/organization-admin/components/user-edit-form';

/** /settings/users/{userId}/edit: one member's role, and removing them. */
export function UserEditRoute() {
  const { userId = '' } = useParams();
  const me = useCurrentUser();
  const member = useUser(userId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = () => navigate('/settings/users');
  return (
    <Stack>
      <Anchor component={Link} to="/settings/users" size="sm">
        ← Users
      </Anchor>
      <Title order={1} size="h2">
        {member.data ? `Edit ${member.data.name}` : 'Edit user'}
      </Title>
      {member.isPending && <LoadingArea />}
      {member.isError && <ErrorAlert error={member.error} title="Could not load this user" />}
      {member.data && (
        <>
          <UserEditForm
            key={member.data.role}
            member={member.data}
            onCancel={back}
            onSaved={() => {
              void queryClient.invalidateQueries({ queryKey: meQueryKey });
              back();
            }}
          />
          {member.data.id !== me.user.id && (
            <Group>
              <RemoveMemberButton member={member.data} onRemoved={back} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
