import { Rooms, SocketEvents, type HealthResponse, HEALTH_API } from '@tocsin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { useNoticeRoom, useSocketEvent } from '@/lib/socket';
import { statusQueryKey } from './get-status';

/** SPEC.md section 7: health is polled every 60 s; pushes from the ops room fill the gaps. */
export const HEALTH_POLL_MS = 60_000;
export const healthQueryKey = ['infra', 'health'] as const;

const isHealthReport = (body: unknown): body is HealthResponse =>
  typeof body === 'object' && body !== null && 'components' in body && 'healthy' in body;

/** An unhealthy system answers 503 with the full report, which is worth showing rather than an error. */
export async function getHealth({ signal }: { signal?: AbortSignal } = {}): Promise<HealthResponse> {
  try {
    return await api.get<HealthResponse>(HEALTH_API, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && isHealthReport(error.body)) return error.body;
    throw error;
  }
}

export function useHealth() {
  const queryClient = useQueryClient();
  useNoticeRoom(Rooms.ops);
  useSocketEvent<HealthResponse>(SocketEvents.health, (health) => {
    const before = queryClient.getQueryData<HealthResponse>(healthQueryKey);
    // pushes carry no host or versions (owners follow the room too): an operator keeps those from the poll
    queryClient.setQueryData(healthQueryKey, { ...before, ...health });
    // The public status is derived from health: refetch it when health flips rather than wait a minute.
    if (before && before.healthy !== health.healthy) void queryClient.invalidateQueries({ queryKey: statusQueryKey });
  });
  return useQuery({ queryKey: healthQueryKey, queryFn: getHealth, refetchInterval: HEALTH_POLL_MS });
}
