import { ssoDomainVerifyPath, type SsoDomainVerifyRequest, type SsoSettingsResponse } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ssoSettingsQueryKey } from './get-sso-settings';

/** Asks the server to look the domain's TXT record up (or, for an operator in a staff session, to vouch for it). */
export const verifySsoDomain = async ({ domain, ...body }: SsoDomainVerifyRequest & { domain: string }) =>
  (await api.post<SsoSettingsResponse>(ssoDomainVerifyPath(domain), body)).data;

export function useVerifySsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySsoDomain,
    onSuccess: (data) => queryClient.setQueryData(ssoSettingsQueryKey, data),
  });
}
