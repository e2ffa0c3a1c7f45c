import type { ResetPasswordRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = ({ token, ...body }: ResetPasswordRequest & { token: string }) =>
  api.post<void>(`/password_resets/${encodeURIComponent(token)}`, body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
