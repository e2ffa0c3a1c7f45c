import { SSO_API, ViewNames, type SsoSettingsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const ssoSettingsQueryKey = viewKey(ViewNames.ssoConfigurations, 'current');

export const getSsoSettings = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<SsoSettingsResponse>(SSO_API, { signal })).data;

export function useSsoSettings() {
  return useQuery({ queryKey: ssoSettingsQueryKey, queryFn: getSsoSettings });
}
