import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { ApiKey, ApiKeyStatus, ApiKeyWithSecret } from '@tocsin/contracts';
import { isPermission, permissionDisplayName } from '@tocsin/domain';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { RelativeTime } from '@/features/signals/shared/components/relative-time';
import { useNarrow } from '@/features/signals/shared/components/use-narrow';
import { useTeamNames } from '@/features/signals/shared/hooks/use-team-names';
import { useApiKeys } from '../api/get-api-keys';
import { useCreateApiKey } from '../api/create-api-key';
import { apiKeyRequestOf } from '../lib/api-key-form-values';
import { useApiKeyActions } from './api-key-actions';
import { ApiKeyForm } from './api-key-form';
import { ApiKeySecret } from './api-key-secret';

const STATUS: Record<ApiKeyStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  rotating: { label: 'Rotating', color: 'blue' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
};

// the word says the status; the colour only repeats it
const StatusBadge = ({ status }: { status: ApiKeyStatus }) => (
  <Badge variant="light" color={STATUS[status].color}>
    {STATUS[status].label}
  </Badge>
);

const scopesText = (key: ApiKey) =>
  key.scopes.map((scope) => (isPermission(scope) ? permissionDisplayName(scope) : scope)).join(', ');

const when = (iso: string | null, none: string) =>
  iso ? (
    <RelativeTime iso={iso} />
  ) : (
    <Text size="sm" c="dimmed">
      {none}
    </Text>
  );

function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack gap={0}>
      {when(apiKey.last_used_at, 'Never')}
      {apiKey.last_used_address && (
        <Text size="xs" c="dimmed" ff="monospace">
          from {apiKey.last_used_address}
        </Text>
      )}
    </Stack>
  );
}

/** /settings/api_keys: the organization's keys for machines; made here, the secret shown once. */
export function ApiKeysPage({ canManage, held }: { canManage: boolean; held: readonly string[] }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const narrow = useNarrow();
  const teamNames = useTeamNames();
  const actions = useApiKeyActions(canManage);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyWithSecret | null>(null);
  const closeCreate = () => (create.reset(), setCreating(false));
  const team = (key: ApiKey) => (key.team_id ? (teamNames.get(key.team_id) ?? key.team_id) : 'All teams');
  const owner = (key: ApiKey) => key.owner.name ?? key.owner.email ?? 'A former member';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          API Keys
        </Title>
        <PermissionButton allowed={canManage} permission="manage_api_keys" onClick={() => setCreating(true)}>
          New API key
        </PermissionButton>
      </Group>
      <Text c="dimmed">
        Programs send a key as <code>Authorization: Bearer &lt;secret&gt;</code>. A key holds its scopes, never more
        than its owner&apos;s role; what it does is recorded under its name.
      </Text>
      {keys.isPending ? (
        <LoadingArea />
      ) : keys.isError ? (
        <ErrorAlert error={keys.error} title="Could not load the API keys" />
      ) : keys.data.length === 0 ? (
        <Text c="dimmed" py="md" ta="center" data-testid="api-keys-empty">
          No API keys yet. Create one for a script, Terraform or a SIEM.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
          {keys.data.map((key) => (
            <Card key={key.id} component="li" withBorder padding="sm" data-testid="api-key-row">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500}>{key.name}</Text>
                <StatusBadge status={key.status} />
              </Group>
              <Text size="sm">{scopesText(key)}</Text>
              <Text size="sm" c="dimmed">
                {owner(key)} · {team(key)} · secret …{key.secret_hint}
              </Text>
              <Group gap={4}>
                <Text size="sm">Expires:</Text>
                {when(key.expires_at, 'Never')}
              </Group>
              <Group gap={4} align="flex-start">
                <Text size="sm">Last used:</Text>
                <LastUsed apiKey={key} />
              </Group>
              {actions.buttons(key)}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover striped aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Scopes</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((key) => (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td fw={500}>
                  {key.name}
                  <Text size="xs" c="dimmed" ff="monospace">
                    …{key.secret_hint}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <StatusBadge status={key.status} />
                </Table.Td>
                <Table.Td>{owner(key)}</Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm">{scopesText(key)}</Text>
                </Table.Td>
                <Table.Td>{team(key)}</Table.Td>
                <Table.Td>{when(key.expires_at, 'Never')}</Table.Td>
                <Table.Td>
                  <LastUsed apiKey={key} />
                </Table.Td>
                <Table.Td>{actions.buttons(key)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {actions.dialogs}
      <Modal opened={creating} onClose={closeCreate} title="New API key" size="lg">
        <ApiKeyForm
          held={held}
          error={create.error}
          onCancel={closeCreate}
          onSubmit={async (values) => {
            const made = await create.mutateAsync(apiKeyRequestOf(values));
            closeCreate();
            setCreated(made);
          }}
        />
      </Modal>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={`Secret of ${created?.name ?? 'the key'}`}
        size="lg"
      >
        {created && (
          <Stack>
            <ApiKeySecret apiKey={created} />
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
