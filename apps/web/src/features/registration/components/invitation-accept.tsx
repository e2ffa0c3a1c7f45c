import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { ApiError } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/get-invitation-preview';
import { InvitationSignUpForm } from './invitation-sign-up-form';

interface InvitationAcceptProps {
  token: string;
  /** The signed-in user's address, or null when nobody is signed in. */
  signedInEmail: string | null;
  onJoined: () => void;
  onSignOut: () => void;
}

/**
 * The page an invitation link opens. Signed in with the invited address: one click joins. Signed in
 * as someone else: sign out first. Signed out: sign up with the invited address, or sign in when an
 * account already has it.
 */
export function InvitationAccept({ token, signedInEmail, onJoined, onSignOut }: InvitationAcceptProps) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  if (preview.isPending) return <LoadingArea />;
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.status === 404) {
      return (
        <Alert color="yellow" title="This invitation is no longer valid" role="alert">
          It was already used, revoked or has expired. Ask an administrator of the organization for a new one.
        </Alert>
      );
    }
    return <ErrorAlert error={preview.error} title="Could not open the invitation" />;
  }
  const { organization_name: organization, email, role } = preview.data;
  const intro = (
    <Text data-testid="invitation-summary">
      You are invited to join <strong>{organization}</strong> as <strong>{role}</strong>.
    </Text>
  );
  if (signedInEmail !== null && signedInEmail !== email) {
    return (
      <Stack gap="sm">
        {intro}
        <Alert color="yellow" role="alert">
          This invitation was sent to {email}, but you are signed in as {signedInEmail}. Sign out, then open the link
          again to accept it.
        </Alert>
        <Button variant="default" onClick={onSignOut}>
          Sign out
        </Button>
      </Stack>
    );
  }
  if (signedInEmail !== null) {
    return (
      <Stack gap="sm">
        {intro}
        {accept.isError && <ErrorAlert error={accept.error} title="Could not accept the invitation" />}
        <Button loading={accept.isPending} onClick={() => accept.mutate({ token }, { onSuccess: onJoined })}>
          Join {organization}
        </Button>
      </Stack>
    );
  }
  if (preview.data.existing_user) {
    return (
      <Stack gap="sm">
        {intro}
        <Text>An account with {email} already exists.</Text>
        <Anchor component={Link} to="/sessions/new" state={{ from: `/invitations/${token}` }}>
          Sign in to accept the invitation
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {intro}
      <InvitationSignUpForm token={token} email={email} onJoined={onJoined} />
    </Stack>
  );
}
