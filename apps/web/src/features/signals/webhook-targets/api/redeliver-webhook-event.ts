import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookRedeliverPath } from '@tocsin/contracts';

/** A new try of the same event id; its outcome shows in the log when the try is recorded. */
export const redeliverWebhookEvent = async ({ targetId, eventId }: { targetId: string; eventId: string }) =>
  (await api.post<{ data: { event_id: string; round: number } }>(webhookRedeliverPath(targetId, eventId), {})).data;

export function useRedeliverWebhookEvent() {
  return useMutation({ mutationFn: redeliverWebhookEvent });
}
