import { ALERT_GROUPS_API, type AlertGroupsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertGroupsKey } from './grouping-cache';

export const getAlertGroups = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<AlertGroupsResponse>(ALERT_GROUPS_API, { signal })).data;

export function useAlertGroups() {
  return useQuery({ queryKey: alertGroupsKey('list'), queryFn: ({ signal }) => getAlertGroups({ signal }) });
}
