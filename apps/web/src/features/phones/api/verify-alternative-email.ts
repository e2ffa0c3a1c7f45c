import { alternativeEmailVerifyApiPath } from '@tocsin/contracts';
import type { AlternativeEmail } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const verifyAlternativeEmail = async (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  (
    await api.get<{ data: AlternativeEmail }>(alternativeEmailVerifyApiPath(token), {
      signal,
    })
  ).data;

/** The emailed link: no session needed. Asking twice is harmless (the newest link stays good), so a plain query. */
export function useVerifyAlternativeEmail(token: string) {
  return useQuery({
    queryKey: ['alternative-email-verification', token],
    queryFn: ({ signal }) => verifyAlternativeEmail(token, { signal }),
    retry: false,
  });
}
