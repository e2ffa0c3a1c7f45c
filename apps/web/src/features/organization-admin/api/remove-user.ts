import { ViewNames, userPath } from '@tocsin/contracts';
import type { MembersResponse } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { usersListKey } from './get-users';

export const removeUser = (userId: string) => api.delete<void>(userPath(userId));

/**
 * The removed person leaves every cached page of the member list at once: the list is usually not mounted while its
 * edit page removes someone, so invalidating alone would show them again for a moment on the way back.
 */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_result, userId) => {
      queryClient.setQueriesData<MembersResponse>({ queryKey: usersListKey() }, (page) =>
        page ? { ...page, data: page.data.filter((member) => member.id !== userId) } : page,
      );
      return queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.memberships) });
    },
  });
}
