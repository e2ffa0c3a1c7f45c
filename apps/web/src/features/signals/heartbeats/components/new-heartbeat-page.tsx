import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { HeartbeatWithSecrets } from '@tocsin/contracts';
import { CopyableValue } from '../../event-sources/components/copyable-value';
import { SnippetTabs } from '../../event-sources/components/snippet-tabs';
import { useCreateHeartbeat } from '../api/create-heartbeat';
import { heartbeatFormValues, heartbeatRequest, pingSnippets } from '../lib/heartbeat-form-values';
import { HeartbeatForm } from './heartbeat-form';

/** The ping URL, shown once, with ways to call it. */
function PingUrl({ heartbeat }: { heartbeat: HeartbeatWithSecrets }) {
  const url = heartbeat.ping_url ?? '';
  return (
    <Stack data-testid="heartbeat-secrets">
      <Alert color="yellow" title="Copy this now" role="status">
        The ping URL holds a secret token and is shown only this once. GET or POST it every {heartbeat.interval} at most
        (ISO-8601); a missed beat pages the heartbeat&apos;s team, and the next ping resolves it.
      </Alert>
      <CopyableValue label="Ping URL" value={url} testId="ping-url" />
      <Title order={2} size="h4">
        Ping it
      </Title>
      <SnippetTabs snippets={pingSnippets(url)} kind="example" />
    </Stack>
  );
}

/** /signals/sources/heartbeats/new: the form, then (once) the heartbeat's ping URL and curl examples. */
export function NewHeartbeatPage() {
  const create = useCreateHeartbeat();
  const [created, setCreated] = useState<HeartbeatWithSecrets | null>(null);
  const navigate = useNavigate();
  return (
    <Stack maw={760}>
      <Anchor component={Link} to="/signals/sources" size="sm">
        <span aria-hidden>← </span>Event sources and heartbeats
      </Anchor>
      <Title order={1} size="h2">
        {created ? `${created.name} is ready` : 'New heartbeat'}
      </Title>
      {created ? (
        <>
          <PingUrl heartbeat={created} />
          <Group>
            <Button component={Link} to="/signals/sources">
              Go to the heartbeats
            </Button>
          </Group>
        </>
      ) : (
        <HeartbeatForm
          defaultValues={heartbeatFormValues()}
          error={create.error}
          onCancel={() => navigate('/signals/sources')}
          onSubmit={(values) => create.mutateAsync(heartbeatRequest(values), { onSuccess: setCreated })}
        />
      )}
    </Stack>
  );
}
