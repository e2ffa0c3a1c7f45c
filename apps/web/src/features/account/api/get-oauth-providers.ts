import { OAUTH_PROVIDERS_API } from '@tocsin/contracts';
import type { OauthProvider } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getOauthProviders = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: OauthProvider[] }>(OAUTH_PROVIDERS_API, { signal })).data;

export function useOauthProviders() {
  return useQuery({ queryKey: ['oauth-providers'], queryFn: getOauthProviders });
}
