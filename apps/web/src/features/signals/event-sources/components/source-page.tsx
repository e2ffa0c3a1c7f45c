import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingArea } from '@/components/ui/loading-area';
import type { EventSource, EventSourceWithSecrets } from '@tocsin/contracts';
import { displayIsoDuration } from '@tocsin/domain';
import { useEscalationPolicies } from '../../escalation-policies/api/get-escalation-policies';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { PermissionButton } from '@/components/ui/permission-button';
import { useEventSource } from '../api/get-event-source';
import { useRotateEventSourceToken } from '../api/rotate-event-source-token';
import { useSetSigningSecret } from '../api/set-signing-secret';
import { FORMAT_LABELS } from '../lib/snippets';
import { SourceSecrets } from './source-secrets';
import { SourceUsage } from './source-usage';
import { ResourceLoadFailure } from '../../shared/components/resource-load-failure';

/** /signals/sources/{id}: the source's settings, its limit and how much of it is used, and token rotation. */
export function SourcePage({ canManage }: { canManage: boolean }) {
  const { sourceId = '' } = useParams();
  const source = useEventSource(sourceId);
  if (source.isPending) return <LoadingArea />;
  if (source.isError) {
    return (
      <ResourceLoadFailure
        title="Event source"
        thing="event source"
        error={source.error}
        testId="source-not-found"
        back={{ to: '/signals/sources', label: 'Event sources' }}
      />
    );
  }
  return <SourceDetail source={source.data} canManage={canManage} />;
}

type Change = 'rotate' | 'sign' | 'unsign';

const CHANGES: Record<Change, { title: string; confirm: string; body: string; error: string }> = {
  rotate: {
    title: 'Rotate the ingest token?',
    confirm: 'Rotate token',
    body: 'The current ingest URL stops working at once: every tool using it must be given the new one.',
    error: 'Could not rotate the token',
  },
  sign: {
    title: 'Make a new signing secret?',
    confirm: 'Make secret',
    body: 'From now on payloads must be signed with the new secret; one signed with an older secret is refused.',
    error: 'Could not make a signing secret',
  },
  unsign: {
    title: 'Stop requiring signatures?',
    confirm: 'Stop requiring',
    body: 'Anyone holding the ingest URL can then send alerts without a signature.',
    error: 'Could not change the signature setting',
  },
};

function SourceDetail({ source, canManage }: { source: EventSource; canManage: boolean }) {
  const teamNames = useTeamNames();
  const policies = useEscalationPolicies(source.team_id);
  const policy = policies.data?.find((p) => p.id === source.escalation_policy_id);
  const rotate = useRotateEventSourceToken();
  const sign = useSetSigningSecret();
  const [confirming, setConfirming] = useState<Change | null>(null);
  const navigate = useNavigate();
  const [secrets, setSecrets] = useState<EventSourceWithSecrets | null>(null);
  const pending = rotate.isPending || sign.isPending;
  const close = () => {
    rotate.reset();
    sign.reset();
    setConfirming(null);
  };
  const shown = (answer: EventSourceWithSecrets) => {
    setSecrets(answer);
    setConfirming(null);
  };
  const confirm = () => {
    if (confirming === 'rotate') rotate.mutate(source.id, { onSuccess: shown });
    else if (confirming) sign.mutate({ sourceId: source.id, signed: confirming === 'sign' }, { onSuccess: shown });
  };
  const action = (change: Change, label: string) => (
    <PermissionButton
      allowed={canManage}
      permission="manage_event_sources"
      variant="default"
      onClick={() => setConfirming(change)}
    >
      {label}
    </PermissionButton>
  );
  return (
    <Stack>
      <Anchor component={Link} to="/signals/sources" size="sm">
        <span aria-hidden>← </span>Event sources
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {source.name}
        </Title>
        <Group gap="xs">
          <PermissionButton
            allowed={canManage}
            permission="manage_event_sources"
            variant="default"
            onClick={() => navigate(`/signals/sources/${encodeURIComponent(source.id)}/edit`)}
          >
            Edit
          </PermissionButton>
          {action('rotate', 'Rotate token')}
          {action('sign', source.signed ? 'New signing secret' : 'Require signatures')}
          {source.signed && action('unsign', 'Stop requiring signatures')}
        </Group>
      </Group>
      {secrets && <SourceSecrets source={secrets} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Settings
          </Title>
          <Stack gap={6}>
            <Text size="sm">Format: {FORMAT_LABELS[source.format]}</Text>
            <Text size="sm">Default team: {teamNames.get(source.team_id) ?? source.team_id}</Text>
            <Text size="sm">
              Default escalation policy:{' '}
              {source.escalation_policy_id ? (policy?.name ?? source.escalation_policy_id) : 'none (nobody is paged)'}
            </Text>
            <Text size="sm">
              Ingest token:{' '}
              <Text span ff="monospace">
                …{source.token_hint}
              </Text>
            </Text>
            <Text size="sm">Signature: {source.signed ? <Badge variant="light">Required</Badge> : 'Not required'}</Text>
            <Text size="sm">
              Auto-resolve:{' '}
              {source.auto_resolve_after
                ? `after ${displayIsoDuration(source.auto_resolve_after)} without a repeat`
                : 'never'}
            </Text>
          </Stack>
        </Card>
        <SourceUsage source={source} />
      </SimpleGrid>
      {confirming && (
        <ConfirmDialog
          title={CHANGES[confirming].title}
          confirmLabel={CHANGES[confirming].confirm}
          loading={pending}
          error={rotate.error ?? sign.error}
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
