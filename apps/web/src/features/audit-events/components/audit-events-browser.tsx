import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { AuditEventFilter } from '@tocsin/contracts';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { auditExportUrl, EXPORT_LIMIT } from '../api/audit-export-url';
import { useAuditEvents } from '../api/get-audit-events';
import { AuditEventsTable } from './audit-events-table';
import { AuditFilters } from './audit-filters';
import { CursorPager } from '@/components/ui/cursor-pager';

const PER_PAGE = 25;

/** The audit trail, newest first, filtered, paged by cursor, and exported with the same filters. */
export function AuditEventsBrowser() {
  const [filter, setFilter] = useState<AuditEventFilter>({});
  const pages = useCursorPages<string>();
  const events = useAuditEvents({ ...filter, per_page: PER_PAGE, cursor: pages.before });
  const nextCursor = events.data?.pagination.next_cursor ?? null;
  const apply = (next: AuditEventFilter) => {
    setFilter(next);
    pages.reset();
  };
  return (
    <Stack>
      <AuditFilters onApply={apply} />
      <Group gap="xs">
        <Text size="sm">Export these events, oldest first:</Text>
        {(['ndjson', 'csv'] as const).map((format) => (
          <Anchor key={format} href={auditExportUrl(filter, format)} download size="sm" fw={600}>
            {format === 'ndjson' ? 'NDJSON' : 'CSV'}
          </Anchor>
        ))}
        <Text size="xs" c="dimmed">
          (up to {EXPORT_LIMIT.toLocaleString('en-GB')} per file; each line carries the cursor to continue from)
        </Text>
      </Group>
      {events.isError && <ErrorAlert error={events.error} title="Could not load audit events" />}
      {events.isPending ? (
        <LoadingArea />
      ) : (
        events.data && <AuditEventsTable events={events.data.data} names={events.data.names} />
      )}
      <CursorPager pages={pages} nextCursor={nextCursor} testId="audit-page" />
    </Stack>
  );
}
