import { SSO_SIGN_IN_API } from '@tocsin/contracts';
import type { SsoSignInRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Answers the identity provider's address for this email's organization; the page goes there. */
export const startSso = async (email: string) =>
  (await api.post<{ data: { redirect_url: string } }>(SSO_SIGN_IN_API, { email } satisfies SsoSignInRequest)).data
    .redirect_url;

export function useStartSso() {
  return useMutation({ mutationFn: startSso });
}
