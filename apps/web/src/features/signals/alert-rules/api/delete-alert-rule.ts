import { alertRulePath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rulesChanged } from './rules-cache';

export const deleteAlertRule = (teamId: string, ruleId: string) => api.delete<void>(alertRulePath(teamId, ruleId));

export function useDeleteAlertRule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => deleteAlertRule(teamId, ruleId),
    onSuccess: () => rulesChanged(queryClient),
  });
}
