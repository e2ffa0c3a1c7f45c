import { groupingRulePath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { groupingRulesChanged } from './grouping-cache';

export const deleteGroupingRule = async (ruleId: string) => {
  await api.delete(groupingRulePath(ruleId));
};

export function useDeleteGroupingRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGroupingRule, onSuccess: () => groupingRulesChanged(queryClient) });
}
