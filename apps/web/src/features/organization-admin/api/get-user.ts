import { ViewNames, userPath } from '@tocsin/contracts';
import type { OrganizationMember } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const userQueryKey = (userId: string) => viewKey(ViewNames.memberships, 'user', userId);

export const getUser = async (userId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: OrganizationMember }>(userPath(userId), { signal })).data;

export function useUser(userId: string) {
  return useQuery({ queryKey: userQueryKey(userId), queryFn: ({ signal }) => getUser(userId, { signal }) });
}
