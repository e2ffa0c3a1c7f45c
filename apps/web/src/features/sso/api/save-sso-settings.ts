import { SSO_API, type SsoSettingsRequest, type SsoSettingsResponse } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ssoSettingsQueryKey } from './get-sso-settings';

export const saveSsoSettings = async (body: SsoSettingsRequest) =>
  (await api.put<SsoSettingsResponse>(SSO_API, body)).data;

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (data) => queryClient.setQueryData(ssoSettingsQueryKey, data),
  });
}
