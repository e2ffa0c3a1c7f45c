import type { CompleteRegistrationRequest, RegistrationPreview, RegistrationRequest } from '@tocsin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, withQuery } from '@/lib/api-client';
import { markLoggedIn } from '@/lib/login-sync';

/** Step one: mails the link; the answer is the same whether or not the address has an account. */
export const startRegistration = (body: RegistrationRequest) => api.post<{ message: string }>('/registrations', body);

export function useStartRegistration() {
  return useMutation({ mutationFn: startRegistration });
}

export const getRegistration = async (id: string, token: string, { signal }: { signal?: AbortSignal } = {}) =>
  (
    await api.get<{ data: RegistrationPreview }>(
      withQuery(`/api/v1/registrations/${encodeURIComponent(id)}`, { token }),
      { signal },
    )
  ).data;

/** The link's pending sign-up. A 404 (not valid) or 410 (expired, used) is an answer, not worth a retry. */
export function useRegistration(id: string, token: string) {
  return useQuery({
    queryKey: ['registration', id, token],
    queryFn: ({ signal }) => getRegistration(id, token, { signal }),
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 410)) && failures < 1,
  });
}

export const completeRegistration = ({ id, ...body }: CompleteRegistrationRequest & { id: string }) =>
  api.post<{ data: { id: string; organization_id: string } }>(
    `/registrations/${encodeURIComponent(id)}/complete`,
    body,
  );

/** Step two signs the new owner in, so the other tabs follow as after a sign-in. */
export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration, onSuccess: markLoggedIn });
}
