import { CHAT_DESTINATIONS_API, type AddChatDestinationRequest, type ChatDestination } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatDestinationsKey } from './get-chat-destinations';

/** The webhook is posted a code; it is kept only once it took it. */
export const addChatDestination = async (body: AddChatDestinationRequest) =>
  (await api.post<{ data: ChatDestination }>(CHAT_DESTINATIONS_API, body)).data;

export function useAddChatDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChatDestination,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatDestinationsKey }),
  });
}
