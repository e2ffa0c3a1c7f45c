import { invitationPath } from '@tocsin/contracts';
import type { InvitationPreview } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export const getInvitationPreview = async (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: InvitationPreview }>(invitationPath(token), { signal })).data;

/** Public: what the link holder is invited to. A 404 (used, revoked, expired) is an answer, not worth a retry. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => getInvitationPreview(token, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}
