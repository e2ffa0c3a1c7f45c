import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API_KEYS_API, type ApiKeyRequest, type ApiKeyWithSecret } from '@tocsin/contracts';
import { apiKeysKey } from './get-api-keys';

/** The answer holds the secret, shown this once. */
export const createApiKey = async (body: ApiKeyRequest) =>
  (await api.post<{ data: ApiKeyWithSecret }>(API_KEYS_API, body)).data;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}
