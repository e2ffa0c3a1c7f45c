import type { ForgotPasswordRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/**
 * The answer never says whether the address has an account, so a 404 (unknown address, or no reset
 * service on this server yet) reads the same as a success. Other failures are reported.
 */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  try {
    await api.post<unknown>('/forgot_passwords', body);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
