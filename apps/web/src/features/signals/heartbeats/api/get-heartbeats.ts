import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { HEARTBEATS_API, ViewNames, type HeartbeatsResponse } from '@tocsin/contracts';

export const heartbeatsKey = (...rest: unknown[]) => viewKey(ViewNames.heartbeats, ...rest);

export const getHeartbeats = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<HeartbeatsResponse>(withQuery(HEARTBEATS_API, { per_page: 100 }), { signal })).data;

/** The organization's heartbeats, live: each beat's change notice refetches them. */
export function useHeartbeats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: heartbeatsKey('list'), queryFn: getHeartbeats, enabled });
}
