import { REGISTRATIONS_API, type RegistrationRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Step one: mails the link; the answer is the same whether or not the address has an account. */
export const startRegistration = (body: RegistrationRequest) => api.post<{ message: string }>(REGISTRATIONS_API, body);

export function useStartRegistration() {
  return useMutation({ mutationFn: startRegistration });
}
