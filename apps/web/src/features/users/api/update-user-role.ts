import type { OrganizationMember } from '@tocsin/contracts';
import type { Role } from '@tocsin/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const updateUserRole = async ({ userId, role }: { userId: string; role: Role }) =>
  (await api.patch<{ data: OrganizationMember }>(`/api/v1/users/${encodeURIComponent(userId)}`, { role })).data;

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUserRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey('memberships') }) });
}
