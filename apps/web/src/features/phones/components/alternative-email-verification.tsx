import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useVerifyAlternativeEmail } from '../api/verify-alternative-email';

/** The page the verification email links to: the link alone proves the mailbox, signed in or not. */
export function AlternativeEmailVerification({ token }: { token: string }) {
  const verification = useVerifyAlternativeEmail(token);
  if (verification.isPending) return <LoadingArea label="Verifying..." />;
  if (verification.isError) {
    return (
      <Alert color="red" role="alert" title="Could not verify this email" data-testid="alternative-email-verify-failed">
        {verification.error.message} Send a new link from your profile.
      </Alert>
    );
  }
  return (
    <>
      <Alert color="green" title="Email verified" data-testid="alternative-email-verified">
        {verification.data.email} is verified: notifications can now be sent to it.
      </Alert>
      <Text size="sm">
        <Anchor component={Link} to="/account/edit">
          Back to your profile
        </Anchor>
      </Text>
    </>
  );
}
