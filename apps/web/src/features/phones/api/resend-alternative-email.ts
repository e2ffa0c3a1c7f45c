import type { AlternativeEmail } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ALTERNATIVE_EMAILS_PATH } from './get-alternative-emails';

/** Emails a new link; the older ones stop working. Nothing on screen changes. */
export const resendAlternativeEmail = async (id: string) =>
  (await api.post<{ data: AlternativeEmail }>(`${ALTERNATIVE_EMAILS_PATH}/${encodeURIComponent(id)}/resend`, undefined))
    .data;

export function useResendAlternativeEmail() {
  return useMutation({ mutationFn: resendAlternativeEmail });
}
