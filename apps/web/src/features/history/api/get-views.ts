import type { ViewsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const viewsQueryKey = ['history', 'views'] as const;

export const getViews = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ViewsResponse>('/api/v1/history/views', { signal });

export function useViews() {
  return useQuery({ queryKey: viewsQueryKey, queryFn: getViews });
}
