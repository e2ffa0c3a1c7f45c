import { Alert, Stack } from '@mantine/core';
import { TEAMS_API, type ApiKeyWithSecret } from '@tocsin/contracts';
import { CopyableValue } from '@/components/ui/copyable-value';

/** A key's secret, shown this once, with how to send it. */
export function ApiKeySecret({ apiKey }: { apiKey: ApiKeyWithSecret }) {
  const example = `curl -H "Authorization: Bearer ${apiKey.secret}" ${window.location.origin}${TEAMS_API}`;
  return (
    <Stack data-testid="api-key-secret">
      <Alert color="yellow" title="Copy this now" role="status">
        This is the only time the secret is shown: Tocsin keeps only its hash. Store it where your program reads its
        secrets. Anyone holding it acts with this key&apos;s scopes.
      </Alert>
      <CopyableValue label="Secret" value={apiKey.secret} testId="api-key-secret-value" />
      <CopyableValue label="Example request" value={example} block />
    </Stack>
  );
}
