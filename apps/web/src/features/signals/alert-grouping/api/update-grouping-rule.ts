import { groupingRulePath, type GroupingRuleChangeRequest, type GroupingRuleResource } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { groupingRulesChanged } from './grouping-cache';

export const updateGroupingRule = async ({ ruleId, body }: { ruleId: string; body: GroupingRuleChangeRequest }) =>
  (await api.patch<{ data: GroupingRuleResource }>(groupingRulePath(ruleId), body)).data;

export function useUpdateGroupingRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGroupingRule, onSuccess: () => groupingRulesChanged(queryClient) });
}
