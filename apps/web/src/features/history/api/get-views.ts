import { HISTORY_VIEWS_API } from '@tocsin/contracts';
import type { ViewsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const viewsQueryKey = ['history', 'views'] as const;

export const getViews = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ViewsResponse>(HISTORY_VIEWS_API, { signal });

export function useViews() {
  return useQuery({ queryKey: viewsQueryKey, queryFn: getViews });
}
