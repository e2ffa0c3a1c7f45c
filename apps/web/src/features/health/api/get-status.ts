import { STATUS_API } from '@tocsin/contracts';
import type { StatusResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Derived from health on the server, so it follows health's 60 s poll. */
const STATUS_POLL_MS = 60_000;
export const statusQueryKey = ['status'] as const;

export const getStatus = ({ signal }: { signal?: AbortSignal } = {}) => api.get<StatusResponse>(STATUS_API, { signal });

export function useStatus() {
  return useQuery({ queryKey: statusQueryKey, queryFn: getStatus, refetchInterval: STATUS_POLL_MS });
}
