import { ViewNames, invitationPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const revokeInvitation = (invitationId: string) => api.delete<void>(invitationPath(invitationId));

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.invitations) }),
  });
}
