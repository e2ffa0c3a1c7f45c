import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertPath, type Alert } from '@tocsin/contracts';
import { alertKey, retryUnlessMissing } from './alert-cache';

export const getAlert = async (alertId: string, signal?: AbortSignal) =>
  (await api.get<{ data: Alert }>(alertPath(alertId), { signal })).data;

export function useAlert(alertId: string) {
  return useQuery({
    queryKey: alertKey(alertId),
    queryFn: ({ signal }) => getAlert(alertId, signal),
    retry: retryUnlessMissing,
  });
}
