import { alertRuleMovePath, type AlertRuleMoveRequest, type AlertRulesResponse } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rulesChanged, rulesQueryKey } from './rules-cache';

/** The answer is the team's whole order, shown at once. */
export const moveAlertRule = async (teamId: string, ruleId: string, position: number) =>
  (await api.post<AlertRulesResponse>(alertRuleMovePath(teamId, ruleId), { position } satisfies AlertRuleMoveRequest))
    .data;

export function useMoveAlertRule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, position }: { ruleId: string; position: number }) => moveAlertRule(teamId, ruleId, position),
    onSuccess: (rules) => {
      queryClient.setQueryData(rulesQueryKey(teamId), rules);
      return rulesChanged(queryClient);
    },
  });
}
