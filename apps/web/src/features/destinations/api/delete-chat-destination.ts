import { chatDestinationPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatDestinationsKey } from './get-chat-destinations';

export const deleteChatDestination = (id: string) => api.delete<void>(chatDestinationPath(id));

export function useDeleteChatDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatDestination,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatDestinationsKey }),
  });
}
