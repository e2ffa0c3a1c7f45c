import { ALERT_GROUPING_API, type GroupingRulesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { groupingRulesKey } from './grouping-cache';

export const getGroupingRules = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<GroupingRulesResponse>(ALERT_GROUPING_API, { signal })).data;

export function useGroupingRules() {
  return useQuery({ queryKey: groupingRulesKey('list'), queryFn: ({ signal }) => getGroupingRules({ signal }) });
}
