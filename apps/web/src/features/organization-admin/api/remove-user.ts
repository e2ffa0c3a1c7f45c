import { ViewNames, userPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const removeUser = (userId: string) => api.delete<void>(userPath(userId));

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.memberships) }),
  });
}
