import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ViewNames, type IngestLogsQuery, type IngestLogsResponse, INGEST_LOGS_API } from '@tocsin/contracts';

export const logsKey = (...rest: unknown[]) => viewKey(ViewNames.ingestLogs, ...rest);

export const getIngestLogs = (query: IngestLogsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<IngestLogsResponse>(withQuery(INGEST_LOGS_API, { ...query }), { signal });

/** Payloads received, newest first; live through the ingest-logs view, the last answer kept while the next loads. */
export function useIngestLogs(query: IngestLogsQuery) {
  return useQuery({
    queryKey: logsKey('list', query),
    queryFn: ({ signal }) => getIngestLogs(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
