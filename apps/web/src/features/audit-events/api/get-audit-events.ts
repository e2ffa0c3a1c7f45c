import { AUDIT_EVENTS_API } from '@tocsin/contracts';
import type { AuditEventsPage, AuditEventsQuery } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

/** Not a ['view', ...] key: the log only grows; a page is what it was when read. */
export const auditEventsQueryKey = (query: AuditEventsQuery) => ['audit-events', query] as const;

export const getAuditEvents = (query: AuditEventsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AuditEventsPage>(withQuery(AUDIT_EVENTS_API, { ...query }), { signal });

export function useAuditEvents(query: AuditEventsQuery) {
  return useQuery({
    queryKey: auditEventsQueryKey(query),
    queryFn: ({ signal }) => getAuditEvents(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
