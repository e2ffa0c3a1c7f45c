import { ViewNames } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const removeUser = (userId: string) => api.delete<void>(`/api/v1/users/${encodeURIComponent(userId)}`);

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.memberships) }),
  });
}
