import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookTargetPath } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

export const deleteWebhookTarget = (targetId: string) => api.delete<void>(webhookTargetPath(targetId));

export function useDeleteWebhookTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKey() }),
  });
}
