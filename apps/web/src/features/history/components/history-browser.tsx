import { Button, Stack } from '@mantine/core';
import type { HistoryEvent } from '@tocsin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { historyQueryKeyRoot, useHistory } from '../api/get-history';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useNewEvents } from '../hooks/use-new-events';
import { HistoryFilters, type HistoryFilter } from './history-filters';
import { HistoryTable } from './history-table';
import { CursorPager } from '@/components/ui/cursor-pager';

/** The log, newest first, filtered and paged; a click selects an event. */
export function HistoryBrowser({ onSelect }: { onSelect: (event: HistoryEvent) => void }) {
  const [filter, setFilter] = useState<HistoryFilter>({ per_page: 50 });
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const history = useHistory({ ...filter, before: pages.before });
  const [newestShown, setNewestShown] = useState<number | null>(null);
  const news = useNewEvents(newestShown);

  const top = history.data?.data[0]?.position;
  useEffect(() => {
    if (top !== undefined) setNewestShown((current) => Math.max(current ?? -1, top));
  }, [top]);

  const applyFilter = (next: HistoryFilter) => {
    setFilter(next);
    pages.reset();
  };
  const showLatest = () => {
    news.acknowledge();
    pages.reset();
    void queryClient.invalidateQueries({ queryKey: historyQueryKeyRoot });
  };
  const nextCursor = history.data?.pagination.next_cursor ?? null;

  return (
    <Stack>
      <HistoryFilters onApply={applyFilter} />
      {news.available && (
        <Button variant="light" color="blue" onClick={showLatest} data-testid="new-events">
          The log has new events: show the latest
        </Button>
      )}
      {history.isError && <ErrorAlert error={history.error} title="Could not load events" />}
      {history.isPending ? (
        <LoadingArea />
      ) : (
        history.data && <HistoryTable events={history.data.data} onSelect={onSelect} />
      )}
      <CursorPager pages={pages} nextCursor={nextCursor} />
    </Stack>
  );
}
