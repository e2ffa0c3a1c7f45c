import { alertGroupPath, type AlertGroupResource } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertGroupsKey } from './grouping-cache';

export const getAlertGroup = async (groupId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: AlertGroupResource }>(alertGroupPath(groupId), { signal })).data;

/** The group with its alerts; `null` asks nothing (an alert in no group). */
export function useAlertGroup(groupId: string | null) {
  return useQuery({
    queryKey: alertGroupsKey('group', groupId ?? ''),
    queryFn: ({ signal }) => getAlertGroup(groupId!, { signal }),
    enabled: groupId !== null,
  });
}
