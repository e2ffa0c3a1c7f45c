import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookTargetPath, type WebhookTarget, type WebhookTargetChangeRequest } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

export const changeWebhookTarget = async ({ targetId, body }: { targetId: string; body: WebhookTargetChangeRequest }) =>
  (await api.patch<{ data: WebhookTarget }>(webhookTargetPath(targetId), body)).data;

export function useChangeWebhookTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWebhookTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKey() }),
  });
}
