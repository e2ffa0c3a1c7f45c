import { ViewNames, INVITATIONS_API } from '@tocsin/contracts';
import type { Invitation } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const invitationsQueryKey = viewKey(ViewNames.invitations, 'pending');

export const getInvitations = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: Invitation[] }>(INVITATIONS_API, { signal })).data;

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: getInvitations, enabled });
}
