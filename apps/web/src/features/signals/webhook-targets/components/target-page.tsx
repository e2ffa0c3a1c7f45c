import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import type { WebhookTarget, WebhookTargetWithSecret } from '@tocsin/contracts';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { useDeleteWebhookTarget } from '../api/delete-webhook-target';
import { useFinishWebhookRotation } from '../api/finish-webhook-rotation';
import { useWebhookTarget } from '../api/get-webhook-target';
import { useResumeWebhookTarget } from '../api/resume-webhook-target';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { EVENT_TYPE_LABELS } from '../lib/target-form-values';
import { DeliveryLog } from './delivery-log';
import { TargetStatusBadge } from './status-badge';
import { TargetSecret } from './target-secret';
import { targetHref } from './targets-page';
import { VerificationRecipe } from './verification-recipe';
import { ResourceLoadFailure } from '../../shared/components/resource-load-failure';

/** /signals/webhook_targets/{id}: settings, status, the secret's rotation, the recipe and the delivery log. */
export function TargetPage({ canManage }: { canManage: boolean }) {
  const { targetId = '' } = useParams();
  const target = useWebhookTarget(targetId);
  if (target.isPending) return <LoadingArea />;
  if (target.isError) {
    return (
      <ResourceLoadFailure
        title="Webhook target"
        thing="webhook target"
        error={target.error}
        testId="target-not-found"
        back={{ to: '/signals/webhook_targets', label: 'Webhook targets' }}
      />
    );
  }
  return <TargetDetail target={target.data} canManage={canManage} />;
}

type Change = 'rotate' | 'finish' | 'delete';

const CHANGES: Record<Change, { title: string; confirm: string; body: string; error: string }> = {
  rotate: {
    title: 'Rotate the secret?',
    confirm: 'Rotate secret',
    body: 'A new secret is made and shown once. Deliveries are signed with both secrets until you finish the rotation, so the receiver can switch without missing any.',
    error: 'Could not rotate the secret',
  },
  finish: {
    title: 'Finish the rotation?',
    confirm: 'Finish rotation',
    body: 'The previous secret stops signing deliveries. Do this once the receiver checks with the new one.',
    error: 'Could not finish the rotation',
  },
  delete: {
    title: 'Delete this target?',
    confirm: 'Delete target',
    body: 'Nothing more is sent to it, and its delivery log is no longer shown.',
    error: 'Could not delete the target',
  },
};

function TargetDetail({ target, canManage }: { target: WebhookTarget; canManage: boolean }) {
  const teamNames = useTeamNames();
  const rotate = useRotateWebhookSecret();
  const finish = useFinishWebhookRotation();
  const remove = useDeleteWebhookTarget();
  const resume = useResumeWebhookTarget();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Change | null>(null);
  const [secret, setSecret] = useState<WebhookTargetWithSecret | null>(null);
  const mutations = { rotate, finish, delete: remove };
  const close = () => {
    Object.values(mutations).forEach((m) => m.reset());
    setConfirming(null);
  };
  const confirm = () => {
    if (confirming === 'rotate')
      rotate.mutate(target.id, {
        onSuccess: (answer) => {
          setSecret(answer);
          setConfirming(null);
        },
      });
    if (confirming === 'finish') finish.mutate(target.id, { onSuccess: () => setConfirming(null) });
    if (confirming === 'delete') remove.mutate(target.id, { onSuccess: () => navigate('/signals/webhook_targets') });
  };
  const action = (change: Change, label: string) => (
    <PermissionButton
      allowed={canManage}
      permission="manage_webhook_targets"
      variant="default"
      color={change === 'delete' ? 'red' : undefined}
      onClick={() => setConfirming(change)}
    >
      {label}
    </PermissionButton>
  );
  return (
    <Stack>
      <Anchor component={Link} to="/signals/webhook_targets" size="sm">
        <span aria-hidden>← </span>Webhook targets
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {target.name}
          </Title>
          <TargetStatusBadge target={target} />
        </Group>
        <Group gap="xs">
          <PermissionButton
            allowed={canManage}
            permission="manage_webhook_targets"
            variant="default"
            onClick={() => navigate(`${targetHref(target)}/edit`)}
          >
            Edit
          </PermissionButton>
          {target.rotating ? action('finish', 'Finish rotation') : action('rotate', 'Rotate secret')}
          {action('delete', 'Delete')}
        </Group>
      </Group>
      {target.status === 'paused' && (
        <Alert color="red" title="Paused after repeated failures" data-testid="target-paused">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {target.consecutive_failures} deliveries failed in a row
              {target.failing_since ? ` since ${new Date(target.failing_since).toLocaleString()}` : ''}. Nothing is sent
              until the target is resumed; the receiver can fetch what it missed from the events endpoint.
            </Text>
            {resume.isError && <ErrorAlert error={resume.error} title="Could not resume the target" />}
            <PermissionButton
              allowed={canManage}
              permission="manage_webhook_targets"
              loading={resume.isPending}
              onClick={() => resume.mutate(target.id)}
            >
              Resume
            </PermissionButton>
          </Stack>
        </Alert>
      )}
      {secret && <TargetSecret target={secret} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Settings
          </Title>
          <Stack gap={6}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              URL:{' '}
              <Text span ff="monospace">
                {target.url}
              </Text>
            </Text>
            <Text size="sm">Events: {target.event_types.map((type) => EVENT_TYPE_LABELS[type]).join(', ')}</Text>
            <Text size="sm">
              Teams:{' '}
              {target.team_ids.length === 0
                ? 'every team'
                : target.team_ids.map((id) => teamNames.get(id) ?? id).join(', ')}
            </Text>
            <Text size="sm">
              Secret:{' '}
              <Text span ff="monospace">
                …{target.secret_hint}
              </Text>
              {target.rotating && ' (rotating: the previous secret signs too)'}
            </Text>
            <Text size="sm">
              Target id:{' '}
              <Text span ff="monospace">
                {target.id}
              </Text>
            </Text>
          </Stack>
        </Card>
        <VerificationRecipe targetId={target.id} />
      </SimpleGrid>
      <DeliveryLog targetId={target.id} canManage={canManage} />
      {confirming && (
        <ConfirmDialog
          title={CHANGES[confirming].title}
          confirmLabel={CHANGES[confirming].confirm}
          loading={mutations[confirming].isPending}
          error={mutations[confirming].error}
          errorTitle={CHANGES[confirming].error}
          onClose={close}
          onConfirm={confirm}
        >
          {CHANGES[confirming].body}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
