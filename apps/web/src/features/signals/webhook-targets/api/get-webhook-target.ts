import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { webhookTargetPath, type WebhookTarget } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

export const getWebhookTarget = async (targetId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: WebhookTarget }>(webhookTargetPath(targetId), { signal })).data;

export function useWebhookTarget(targetId: string) {
  return useQuery({
    queryKey: targetsKey('one', targetId),
    queryFn: ({ signal }) => getWebhookTarget(targetId, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}
