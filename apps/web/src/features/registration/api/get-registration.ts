import { registrationPath, type RegistrationPreview } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, withQuery } from '@/lib/api-client';

export const getRegistration = async (id: string, token: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: RegistrationPreview }>(withQuery(registrationPath(id), { token }), { signal })).data;

/** The link's pending sign-up. A 404 (not valid) or 410 (expired, used) is an answer, not worth a retry. */
export function useRegistration(id: string, token: string) {
  return useQuery({
    queryKey: ['registration', id, token],
    queryFn: ({ signal }) => getRegistration(id, token, { signal }),
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 410)) && failures < 1,
  });
}
