import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyRotatePath, type ApiKeyRotateRequest, type ApiKeyWithSecret } from '@tocsin/contracts';
import { apiKeysKey } from './get-api-keys';

/** A new secret, shown this once; the old one works until `previous_valid_until` (at once when left out). */
export const rotateApiKey = async ({ id, ...body }: ApiKeyRotateRequest & { id: string }) =>
  (await api.post<{ data: ApiKeyWithSecret }>(apiKeyRotatePath(id), body)).data;

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}
