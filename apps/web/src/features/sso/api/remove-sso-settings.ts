import { SSO_API } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ssoSettingsQueryKey } from './get-sso-settings';

export const removeSsoSettings = () => api.delete<void>(SSO_API);

export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoSettings,
    onSuccess: () => queryClient.setQueryData(ssoSettingsQueryKey, null),
  });
}
