import { groupingRulePath, type GroupingRuleResource } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { groupingRulesKey } from './grouping-cache';

export const getGroupingRule = async (ruleId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: GroupingRuleResource }>(groupingRulePath(ruleId), { signal })).data;

export function useGroupingRule(ruleId: string) {
  return useQuery({
    queryKey: groupingRulesKey('rule', ruleId),
    queryFn: ({ signal }) => getGroupingRule(ruleId, { signal }),
    retry: false,
  });
}
