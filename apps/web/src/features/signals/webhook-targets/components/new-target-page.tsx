import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { WebhookTargetWithSecret } from '@tocsin/contracts';
import { useCreateWebhookTarget } from '../api/create-webhook-target';
import { targetFormValues, targetRequest } from '../lib/target-form-values';
import { TargetForm } from './target-form';
import { TargetSecret } from './target-secret';
import { targetHref } from './targets-page';
import { VerificationRecipe } from './verification-recipe';

/** /signals/webhook_targets/new: the form, then (once) the target's secret and how to check a delivery. */
export function NewTargetPage() {
  const create = useCreateWebhookTarget();
  const [created, setCreated] = useState<WebhookTargetWithSecret | null>(null);
  const navigate = useNavigate();
  return (
    <Stack maw={860}>
      <Anchor component={Link} to="/signals/webhook_targets" size="sm">
        <span aria-hidden>← </span>Webhook targets
      </Anchor>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {created ? `${created.name} is ready` : 'New webhook target'}
      </Title>
      {created ? (
        <>
          <TargetSecret target={created} />
          <VerificationRecipe targetId={created.id} />
          <Group>
            <Button component={Link} to={targetHref(created)}>
              Go to the target
            </Button>
          </Group>
        </>
      ) : (
        <TargetForm
          mode="new"
          defaultValues={targetFormValues()}
          submitLabel="Create target"
          errorTitle="Could not create the target"
          error={create.error}
          onCancel={() => navigate('/signals/webhook_targets')}
          onSubmit={(values) => create.mutateAsync(targetRequest(values), { onSuccess: setCreated })}
        />
      )}
    </Stack>
  );
}
