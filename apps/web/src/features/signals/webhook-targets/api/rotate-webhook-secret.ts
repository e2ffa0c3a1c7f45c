import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookTargetSecretRotationPath, type WebhookTargetWithSecret } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

/** A new secret, shown this once; the previous one keeps signing until the rotation is finished. */
export const rotateWebhookSecret = async (targetId: string) =>
  (await api.post<{ data: WebhookTargetWithSecret }>(webhookTargetSecretRotationPath(targetId), {})).data;

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKey() }),
  });
}
