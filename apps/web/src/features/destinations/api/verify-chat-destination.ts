import { chatDestinationVerifyPath, type ChatDestination, type VerifyChatDestinationRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatDestinationsKey } from './get-chat-destinations';

export const verifyChatDestination = async ({ id, ...body }: VerifyChatDestinationRequest & { id: string }) =>
  (await api.put<{ data: ChatDestination }>(chatDestinationVerifyPath(id), body)).data;

export function useVerifyChatDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyChatDestination,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatDestinationsKey }),
  });
}
