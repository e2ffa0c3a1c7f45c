import type { RegistrationRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markLoggedIn } from '@/lib/login-sync';

export const register = (body: RegistrationRequest) => api.post<unknown>('/registrations', body);

/** Sign-up signs the new owner in, so the other tabs follow as after a sign-in. */
export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: markLoggedIn });
}
