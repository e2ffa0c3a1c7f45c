import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyPath } from '@tocsin/contracts';
import { apiKeysKey } from './get-api-keys';

/** Refused from now on, on every process. */
export const revokeApiKey = (id: string) => api.delete<void>(apiKeyPath(id));

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}
