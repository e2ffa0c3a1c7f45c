import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WEBHOOK_TARGETS_API, type WebhookTargetRequest, type WebhookTargetWithSecret } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

/** The answer holds the secret, shown this once. */
export const createWebhookTarget = async (body: WebhookTargetRequest) =>
  (await api.post<{ data: WebhookTargetWithSecret }>(WEBHOOK_TARGETS_API, body)).data;

export function useCreateWebhookTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKey() }),
  });
}
