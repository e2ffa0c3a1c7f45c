import { Alert, Stack, Title } from '@mantine/core';
import type { HeartbeatWithSecrets } from '@tocsin/contracts';
import { displayIsoDuration } from '@tocsin/domain';
import { CopyableValue } from '@/components/ui/copyable-value';
import { SnippetTabs } from '../../event-sources/components/snippet-tabs';
import { pingSnippets } from '../lib/heartbeat-form-values';

/** The ping URL, shown once, with ways to call it. */
export function PingUrl({ heartbeat }: { heartbeat: HeartbeatWithSecrets }) {
  const url = heartbeat.ping_url ?? '';
  return (
    <Stack data-testid="heartbeat-secrets">
      <Alert color="yellow" title="Copy this now" role="status">
        The ping URL holds a secret token and is shown only this once. GET or POST it at least every{' '}
        {displayIsoDuration(heartbeat.interval)}: a missed beat pages the heartbeat&apos;s team, and the next ping
        resolves it.
      </Alert>
      <CopyableValue label="Ping URL" value={url} testId="ping-url" />
      <Title order={2} size="h4">
        Ping it
      </Title>
      <SnippetTabs snippets={pingSnippets(url)} kind="example" />
    </Stack>
  );
}
