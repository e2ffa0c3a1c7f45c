import { alertRulePath, type AlertRuleResource } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rulesQueryKey } from './rules-cache';

export const getAlertRule = async (teamId: string, ruleId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: AlertRuleResource }>(alertRulePath(teamId, ruleId), { signal })).data;

export function useAlertRule(teamId: string, ruleId: string) {
  return useQuery({
    queryKey: [...rulesQueryKey(teamId), ruleId],
    queryFn: ({ signal }) => getAlertRule(teamId, ruleId, { signal }),
  });
}
