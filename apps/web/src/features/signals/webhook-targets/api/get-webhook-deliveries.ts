import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ViewNames, webhookTargetDeliveriesPath, type WebhookDeliveriesResponse } from '@tocsin/contracts';

export const deliveriesKey = (...rest: unknown[]) => viewKey(ViewNames.webhookDeliveries, ...rest);

export const getWebhookDeliveries = async (targetId: string, page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<WebhookDeliveriesResponse>(withQuery(webhookTargetDeliveriesPath(targetId), { page, per_page: 20 }), {
    signal,
  });

/** A page of the target's delivery log, newest first; refetched as tries are recorded. */
export function useWebhookDeliveries(targetId: string, page: number) {
  return useQuery({
    queryKey: deliveriesKey(targetId, page),
    queryFn: ({ signal }) => getWebhookDeliveries(targetId, page, { signal }),
    placeholderData: keepPreviousData,
  });
}
