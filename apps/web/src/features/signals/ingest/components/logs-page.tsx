import { Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { INGEST_OUTCOMES, type IngestOutcome } from '@tocsin/domain';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { useEventSources } from '../../event-sources/api/get-event-sources';
import { useHeartbeats } from '../../heartbeats/api/get-heartbeats';
import { useIngestLogs } from '../api/get-ingest-logs';
import { logsQuery, OUTCOME_DISPLAY, readLogFilters, writeLogFilters, type LogFilters } from '../lib/log-display';
import { LogsList } from './logs-list';

const OUTCOME_OPTIONS = INGEST_OUTCOMES.map((value) => ({ value, label: OUTCOME_DISPLAY[value].label }));

/** /signals/logs: every payload the organization's sources received, with what came of it, newest first, live. */
export function LogsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readLogFilters(params);
  const logs = useIngestLogs(logsQuery(filters));
  const mayReadSources = useCurrentUser().permissions.includes('read_event_sources');
  const sources = useEventSources({ enabled: mayReadSources });
  // a heartbeat's misses leave lines too: it stands as its alert's source
  const heartbeats = useHeartbeats({ enabled: mayReadSources });
  const sourceNames = new Map([...(sources.data ?? []), ...(heartbeats.data ?? [])].map((s) => [s.id, s.name]));
  const sourceName = (id: string) => sourceNames.get(id) ?? id;
  const apply = (next: LogFilters) => setParams(writeLogFilters(next));
  const pagination = logs.data?.pagination;

  return (
    <Stack>
      <Title order={1} size="h2">
        Event logs
      </Title>
      <Group align="flex-end" gap="sm" role="search" aria-label="Event log filters">
        {mayReadSources && (
          <Select
            label="Source"
            placeholder="Any source"
            data={[...sourceNames].map(([value, label]) => ({ value, label }))}
            value={filters.sourceId}
            onChange={(sourceId) => apply({ ...filters, sourceId, page: 1 })}
            clearable
            searchable
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 220 }}
          />
        )}
        <Select
          label="Outcome"
          placeholder="Any outcome"
          data={OUTCOME_OPTIONS}
          value={filters.outcome}
          onChange={(outcome) => apply({ ...filters, outcome: outcome as IngestOutcome | null, page: 1 })}
          clearable
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 220 }}
        />
      </Group>
      {logs.isPending ? (
        <LoadingArea />
      ) : logs.isError ? (
        <ErrorAlert error={logs.error} title="Could not load the event logs" />
      ) : logs.data.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="logs-empty">
          {filters.sourceId || filters.outcome
            ? 'No payloads match these filters.'
            : 'No payloads received yet. Every payload a source receives shows here, accepted or not.'}
        </Text>
      ) : (
        <LogsList entries={logs.data.data} sourceName={sourceName} />
      )}
      {pagination && pagination.total_pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pagination.total_pages}
            value={filters.page}
            onChange={(page) => apply({ ...filters, page })}
            aria-label="Event log pages"
          />
        </Group>
      )}
    </Stack>
  );
}
