import { phoneResendPath } from '@tocsin/contracts';
import type { Phone, ResendPhoneRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { phonesKey } from './get-phones';

/** A new code, possibly by another method; older codes stop working. */
export const resendPhoneCode = async ({ id, ...body }: ResendPhoneRequest & { id: string }) =>
  (await api.put<{ data: Phone }>(phoneResendPath(id), body)).data;

export function useResendPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendPhoneCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesKey }),
  });
}
