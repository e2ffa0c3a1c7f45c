import { alertRulesPath, type AlertRulesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rulesQueryKey } from './rules-cache';

export const getAlertRules = async (teamId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<AlertRulesResponse>(alertRulesPath(teamId), { signal })).data;

export function useAlertRules(teamId: string) {
  return useQuery({ queryKey: rulesQueryKey(teamId), queryFn: ({ signal }) => getAlertRules(teamId, { signal }) });
}
