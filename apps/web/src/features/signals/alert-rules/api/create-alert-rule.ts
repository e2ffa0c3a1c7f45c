import { alertRulesPath, type AlertRuleRequest, type AlertRuleResource } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rulesChanged } from './rules-cache';

export const createAlertRule = async (teamId: string, body: AlertRuleRequest) =>
  (await api.post<{ data: AlertRuleResource }>(alertRulesPath(teamId), body)).data;

export function useCreateAlertRule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleRequest) => createAlertRule(teamId, body),
    onSuccess: () => rulesChanged(queryClient),
  });
}
