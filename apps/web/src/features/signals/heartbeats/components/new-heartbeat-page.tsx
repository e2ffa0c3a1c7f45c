import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { HeartbeatWithSecrets } from '@tocsin/contracts';
import { useCreateHeartbeat } from '../api/create-heartbeat';
import { heartbeatFormValues, heartbeatRequest } from '../lib/heartbeat-form-values';
import { HeartbeatForm } from './heartbeat-form';
import { PingUrl } from './ping-url';

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
