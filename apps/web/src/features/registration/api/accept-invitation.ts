import { invitationAcceptPath } from '@tocsin/contracts';
import type { AcceptInvitationRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markLoggedIn } from '@/lib/login-sync';

export const acceptInvitation = ({ token, ...body }: AcceptInvitationRequest & { token: string }) =>
  api.post<{ data: { organization_id: string } }>(invitationAcceptPath(token), body);

/** Accepting signs a new invitee in (or moves a signed-in one), so other tabs follow as after a sign-in. */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, onSuccess: markLoggedIn });
}
