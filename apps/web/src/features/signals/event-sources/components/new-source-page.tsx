import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { EventSourceWithSecrets } from '@tocsin/contracts';
import { useCreateEventSource } from '../api/create-event-source';
import { sourceFormValues, sourceRequest } from '../lib/source-form-values';
import { SourceForm } from './source-form';
import { SourceSecrets } from './source-secrets';

/** /signals/sources/new: the form, then (once) the source's ingest URL, secret and ready-to-paste configuration. */
export function NewSourcePage() {
  const create = useCreateEventSource();
  const [created, setCreated] = useState<EventSourceWithSecrets | null>(null);
  const navigate = useNavigate();
  return (
    <Stack maw={760}>
      <Anchor component={Link} to="/signals/sources" size="sm">
        <span aria-hidden>← </span>Event sources
      </Anchor>
      <Title order={1} size="h2">
        {created ? `${created.name} is ready` : 'New event source'}
      </Title>
      {created ? (
        <>
          <SourceSecrets source={created} />
          <Group>
            <Button component={Link} to={`/signals/sources/${encodeURIComponent(created.id)}`}>
              Go to the source
            </Button>
          </Group>
        </>
      ) : (
        <SourceForm
          mode="new"
          defaultValues={sourceFormValues()}
          submitLabel="Create source"
          errorTitle="Could not create the source"
          error={create.error}
          onCancel={() => navigate('/signals/sources')}
          onSubmit={(values) => create.mutateAsync(sourceRequest(values), { onSuccess: setCreated })}
        />
      )}
    </Stack>
  );
}
