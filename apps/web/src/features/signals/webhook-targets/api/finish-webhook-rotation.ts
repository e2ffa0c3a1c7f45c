import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookTargetSecretRotationPath, type WebhookTarget } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

/** The receiver uses the new secret: the previous one stops signing. */
export const finishWebhookRotation = async (targetId: string) =>
  (await api.delete<{ data: WebhookTarget }>(webhookTargetSecretRotationPath(targetId))).data;

export function useFinishWebhookRotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishWebhookRotation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKey() }),
  });
}
