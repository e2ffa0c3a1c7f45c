import { alternativeEmailResendPath } from '@tocsin/contracts';
import type { AlternativeEmail } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Emails a new link; the older ones stop working. Nothing on screen changes. */
export const resendAlternativeEmail = async (id: string) =>
  (await api.post<{ data: AlternativeEmail }>(alternativeEmailResendPath(id), undefined)).data;

export function useResendAlternativeEmail() {
  return useMutation({ mutationFn: resendAlternativeEmail });
}
