import { Alert, Anchor, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/** The page the confirmation email links to: the link alone proves the new mailbox, signed in or not. */
export function EmailChangeConfirmation({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  useEffect(() => {
    // the link works once: ask once, even if the effect runs again
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);
  if (confirm.isError) {
    return (
      <Alert color="red" role="alert" title="Could not confirm this email" data-testid="email-change-failed">
        {confirm.error.message}
      </Alert>
    );
  }
  if (!confirm.isSuccess) return <LoadingArea label="Confirming..." />;
  return (
    <>
      <Alert color="green" title="Email changed" data-testid="email-changed">
        You now sign in with {confirm.data.email}.
      </Alert>
      <Text size="sm">
        <Anchor component={Link} to="/account/edit">
          Go to your profile
        </Anchor>
      </Text>
    </>
  );
}
