import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { InvitationForm } from '@/features/organization-admin/components/invitation-form';

/** /settings/invitations/new: invite someone by email. */
export function InvitationNewRoute() {
  const navigate = useNavigate();
  return (
    <Stack>
      <Anchor component={Link} to="/settings/users" size="sm">
        ← Users
      </Anchor>
      <Title order={1} size="h2">
        Invite Users
      </Title>
      <Text c="dimmed" size="sm">
        The invitee gets an email with a link that works once, for 7 days.
      </Text>
      <InvitationForm
        onSent={(invitation) => navigate('/settings/users', { state: { invited: invitation.email } })}
        onCancel={() => navigate('/settings/users')}
      />
    </Stack>
  );
}
