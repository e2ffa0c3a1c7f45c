import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { API_KEYS_API, ViewNames, type ApiKeysResponse } from '@tocsin/contracts';

export const apiKeysKey = (...rest: unknown[]) => viewKey(ViewNames.apiKeys, ...rest);

export const getApiKeys = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<ApiKeysResponse>(withQuery(API_KEYS_API, { per_page: 100 }), { signal })).data;

/** The organization's API keys, live: a use, a rotation or a revocation refetches them. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey('list'), queryFn: getApiKeys });
}
