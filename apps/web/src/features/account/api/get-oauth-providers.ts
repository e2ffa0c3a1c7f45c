import type { OauthProvider } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getOauthProviders = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: OauthProvider[] }>('/internal_api/v1/oauth_providers', { signal })).data;

export function useOauthProviders() {
  return useQuery({ queryKey: ['oauth-providers'], queryFn: getOauthProviders });
}
