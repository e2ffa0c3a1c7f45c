import {
  alertRulePreviewPath,
  ViewNames,
  type AlertRulePreviewRequest,
  type AlertRulePreviewResponse,
} from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const previewAlertRule = async (teamId: string, request: AlertRulePreviewRequest) =>
  (await api.post<AlertRulePreviewResponse>(alertRulePreviewPath(teamId), request)).data;

/** The live preview: asked again when the (valid) conditions change or alerts come in; the last answer stays while it loads. */
export function useAlertRulePreview(teamId: string, request: AlertRulePreviewRequest | null) {
  return useQuery({
    // under the alerts view's key: an alert coming in asks the preview again
    queryKey: viewKey(ViewNames.alerts, 'rule-preview', teamId, request),
    queryFn: () => previewAlertRule(teamId, request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
