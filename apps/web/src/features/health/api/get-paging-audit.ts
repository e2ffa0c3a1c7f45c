import { PAGING_AUDIT_API, type PagingAuditResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The auditor runs each minute: half that keeps the page within a round of it. */
export const PAGING_AUDIT_POLL_MS = 30_000;
export const pagingAuditQueryKey = ['ops', 'paging-audit'] as const;

export const getPagingAudit = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<PagingAuditResponse>(PAGING_AUDIT_API, { signal }).then((body) => body.data);

export function usePagingAudit() {
  return useQuery({ queryKey: pagingAuditQueryKey, queryFn: getPagingAudit, refetchInterval: PAGING_AUDIT_POLL_MS });
}
