import { ViewNames, userPath } from '@tocsin/contracts';
import type { ChangeRoleRequest, OrganizationMember } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const updateUserRole = async ({ userId, ...body }: ChangeRoleRequest & { userId: string }) =>
  (await api.patch<{ data: OrganizationMember }>(userPath(userId), body)).data;

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.memberships) }),
  });
}
