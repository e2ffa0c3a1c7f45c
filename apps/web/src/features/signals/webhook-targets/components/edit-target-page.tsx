import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useChangeWebhookTarget } from '../api/change-webhook-target';
import { useWebhookTarget } from '../api/get-webhook-target';
import { targetFormValues, targetRequest } from '../lib/target-form-values';
import { TargetForm } from './target-form';
import { targetHref } from './targets-page';

/** /signals/webhook_targets/{id}/edit */
export function EditTargetPage() {
  const { targetId = '' } = useParams();
  const target = useWebhookTarget(targetId);
  const change = useChangeWebhookTarget();
  const navigate = useNavigate();
  const back = () => navigate(targetHref({ id: targetId }));
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={targetHref({ id: targetId })} size="sm">
        <span aria-hidden>← </span>
        {target.data?.name ?? 'Webhook target'}
      </Anchor>
      <Title order={1} size="h2">
        Edit webhook target
      </Title>
      {target.isPending ? (
        <LoadingArea />
      ) : target.isError ? (
        <ErrorAlert error={target.error} title="Could not load the webhook target" />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            The secret is not changed here: rotate it from the target&apos;s page.
          </Text>
          <TargetForm
            mode="edit"
            defaultValues={targetFormValues(target.data)}
            submitLabel="Save"
            errorTitle="Could not save the target"
            error={change.error}
            onCancel={back}
            onSubmit={(values) => change.mutateAsync({ targetId, body: targetRequest(values) }, { onSuccess: back })}
          />
        </>
      )}
    </Stack>
  );
}
