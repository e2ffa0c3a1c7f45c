import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookTargetResumePath, type WebhookTarget } from '@tocsin/contracts';
import { targetsKey } from './get-webhook-targets';

export const resumeWebhookTarget = async (targetId: string) =>
  (await api.post<{ data: WebhookTarget }>(webhookTargetResumePath(targetId), {})).data;

export function useResumeWebhookTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeWebhookTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKey() }),
  });
}
