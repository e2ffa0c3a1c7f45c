import { CHAT_DESTINATIONS_API, ViewNames, type ChatDestination } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const chatDestinationsKey = viewKey(ViewNames.chatDestinations);

export const getChatDestinations = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: ChatDestination[] }>(CHAT_DESTINATIONS_API, { signal })).data;

/** The caller's Slack and Teams webhooks, oldest first. */
export function useChatDestinations() {
  return useQuery({ queryKey: [...chatDestinationsKey, 'list'], queryFn: getChatDestinations });
}
