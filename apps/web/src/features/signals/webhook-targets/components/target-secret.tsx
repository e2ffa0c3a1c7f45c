import { Alert, Stack, Text } from '@mantine/core';
import type { WebhookTargetWithSecret } from '@tocsin/contracts';
import { CopyableValue } from '@/components/ui/copyable-value';

/** The secret, in the one answer that holds it (creation, rotation): it cannot be read again. */
export function TargetSecret({ target }: { target: WebhookTargetWithSecret }) {
  if (!target.secret) return null;
  return (
    <Alert color="yellow" title="Copy the secret now" data-testid="target-secret">
      <Stack gap="xs">
        <Text size="sm">
          It is shown this once.{' '}
          {target.rotating
            ? 'Until you finish the rotation, deliveries are signed with both the new and the previous secret.'
            : 'Your receiver checks each delivery with it.'}
        </Text>
        <CopyableValue label="Signing secret" value={target.secret} testId="target-secret-value" />
      </Stack>
    </Alert>
  );
}
