import { ViewNames, INVITATIONS_API } from '@tocsin/contracts';
import type { Invitation, InvitationRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const createInvitation = async (body: InvitationRequest) =>
  (await api.post<{ data: Invitation }>(INVITATIONS_API, body)).data;

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.invitations) }),
  });
}
