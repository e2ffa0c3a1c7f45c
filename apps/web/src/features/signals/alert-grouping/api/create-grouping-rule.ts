import { ALERT_GROUPING_API, type GroupingRuleRequest, type GroupingRuleResource } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { groupingRulesChanged } from './grouping-cache';

export const createGroupingRule = async (body: GroupingRuleRequest) =>
  (await api.post<{ data: GroupingRuleResource }>(ALERT_GROUPING_API, body)).data;

export function useCreateGroupingRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroupingRule, onSuccess: () => groupingRulesChanged(queryClient) });
}
