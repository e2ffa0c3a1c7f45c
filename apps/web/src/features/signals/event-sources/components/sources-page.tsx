import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { PermissionButton } from '@/components/ui/permission-button';
import { useNarrow } from '../../shared/components/use-narrow';
import type { EventSource } from '@tocsin/contracts';
import { useEventSources } from '../api/get-event-sources';
import { FORMAT_LABELS } from '../lib/snippets';

const sourceHref = (source: EventSource) => `/signals/sources/${encodeURIComponent(source.id)}`;

/** /signals/sources: the organization's event sources. */
export function SourcesPage({ canManage }: { canManage: boolean }) {
  const sources = useEventSources();
  const navigate = useNavigate();
  const teamNames = useTeamNames();
  const narrow = useNarrow();
  const teamName = (id: string) => teamNames.get(id) ?? id;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Event sources
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_event_sources"
          onClick={() => navigate('/signals/sources/new')}
        >
          New source
        </PermissionButton>
      </Group>
      {sources.isPending ? (
        <LoadingArea />
      ) : sources.isError ? (
        <ErrorAlert error={sources.error} title="Could not load the event sources" />
      ) : sources.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="sources-empty">
          No event sources yet. Create one to point a monitoring tool at Tocsin.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Event sources">
          {sources.data.map((source) => (
            <Card key={source.id} component="li" withBorder padding="sm" data-testid="source-row">
              <Anchor component={Link} to={sourceHref(source)} fw={500}>
                {source.name}
              </Anchor>
              <Text size="sm">{FORMAT_LABELS[source.format]}</Text>
              <Text size="sm" c="dimmed">
                {teamName(source.team_id)} · {source.rate_limit_per_minute} a minute · token …{source.token_hint}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover striped aria-label="Event sources">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Format</Table.Th>
              <Table.Th>Default team</Table.Th>
              <Table.Th>Limit</Table.Th>
              <Table.Th>Token</Table.Th>
              <Table.Th>Signature</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.data.map((source) => (
              <Table.Tr key={source.id} data-testid="source-row">
                <Table.Td>
                  <Anchor component={Link} to={sourceHref(source)} fw={500}>
                    {source.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{FORMAT_LABELS[source.format]}</Table.Td>
                <Table.Td>{teamName(source.team_id)}</Table.Td>
                <Table.Td>{source.rate_limit_per_minute} a minute</Table.Td>
                <Table.Td ff="monospace">…{source.token_hint}</Table.Td>
                <Table.Td>
                  {source.signed ? (
                    <Badge variant="light">Signed</Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not required
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
