import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ViewNames, WEBHOOK_TARGETS_API, type WebhookTargetsResponse } from '@tocsin/contracts';

export const targetsKey = (...rest: unknown[]) => viewKey(ViewNames.webhookTargets, ...rest);

export const getWebhookTargets = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<WebhookTargetsResponse>(withQuery(WEBHOOK_TARGETS_API, { per_page: 100 }), { signal })).data;

/** The organization's webhook targets (few: the API's largest page is all of them). */
export function useWebhookTargets() {
  return useQuery({ queryKey: targetsKey('list'), queryFn: getWebhookTargets });
}
