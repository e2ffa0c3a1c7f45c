import { chatDestinationResendPath, type ChatDestination } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendChatDestinationCode = async (id: string) =>
  (await api.put<{ data: ChatDestination }>(chatDestinationResendPath(id), {})).data;

export function useResendChatDestinationCode() {
  return useMutation({ mutationFn: resendChatDestinationCode });
}
