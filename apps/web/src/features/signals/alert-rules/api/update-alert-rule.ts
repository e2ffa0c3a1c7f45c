import { alertRulePath, type AlertRuleChangeRequest, type AlertRuleResource } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rulesChanged } from './rules-cache';

export const updateAlertRule = async (teamId: string, ruleId: string, body: AlertRuleChangeRequest) =>
  (await api.patch<{ data: AlertRuleResource }>(alertRulePath(teamId, ruleId), body)).data;

export function useUpdateAlertRule(teamId: string, ruleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleChangeRequest) => updateAlertRule(teamId, ruleId, body),
    onSuccess: () => rulesChanged(queryClient),
  });
}
