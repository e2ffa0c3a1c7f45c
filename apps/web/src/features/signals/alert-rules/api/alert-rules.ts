import { ViewNames } from '@tocsin/contracts';
import type {
  AlertRuleChangeRequest,
  AlertRulePreviewRequest,
  AlertRulePreviewResponse,
  AlertRuleRequest,
  AlertRuleResource,
  AlertRulesResponse,
} from '@tocsin/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

const base = (teamId: string) => `/api/v1/teams/${encodeURIComponent(teamId)}/alert_rules`;
const rulesKey = (teamId: string) => viewKey(ViewNames.alertRules, 'team', teamId);

export function useAlertRules(teamId: string) {
  return useQuery({
    queryKey: rulesKey(teamId),
    queryFn: async ({ signal }) => (await api.get<AlertRulesResponse>(base(teamId), { signal })).data,
  });
}

export function useAlertRule(teamId: string, ruleId: string) {
  return useQuery({
    queryKey: [...rulesKey(teamId), ruleId],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: AlertRuleResource }>(`${base(teamId)}/${encodeURIComponent(ruleId)}`, { signal })).data,
  });
}

const changed = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.alertRules) });

export function useCreateAlertRule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AlertRuleRequest) =>
      (await api.post<{ data: AlertRuleResource }>(base(teamId), body)).data,
    onSuccess: () => changed(queryClient),
  });
}

export function useUpdateAlertRule(teamId: string, ruleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AlertRuleChangeRequest) =>
      (await api.patch<{ data: AlertRuleResource }>(`${base(teamId)}/${encodeURIComponent(ruleId)}`, body)).data,
    onSuccess: () => changed(queryClient),
  });
}

export function useDeleteAlertRule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => api.delete(`${base(teamId)}/${encodeURIComponent(ruleId)}`),
    onSuccess: () => changed(queryClient),
  });
}

export function useMoveAlertRule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ruleId, position }: { ruleId: string; position: number }) =>
      (await api.post<AlertRulesResponse>(`${base(teamId)}/${encodeURIComponent(ruleId)}/move`, { position })).data,
    onSuccess: (rules) => {
      queryClient.setQueryData(rulesKey(teamId), rules);
      return changed(queryClient);
    },
  });
}

/** The live preview: asked again when the (valid) conditions change or alerts come in; the last answer stays while it loads. */
export function useAlertRulePreview(teamId: string, request: AlertRulePreviewRequest | null) {
  return useQuery({
    // under the alerts view's key: an alert coming in asks the preview again
    queryKey: viewKey(ViewNames.alerts, 'rule-preview', teamId, request),
    queryFn: async () => (await api.post<AlertRulePreviewResponse>(`${base(teamId)}/preview`, request)).data,
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
