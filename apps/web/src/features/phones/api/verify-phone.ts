import { phoneVerifyPath } from '@tocsin/contracts';
import type { Phone, VerifyPhoneRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { phonesKey } from './get-phones';

export const verifyPhone = async ({ id, ...body }: VerifyPhoneRequest & { id: string }) =>
  (await api.put<{ data: Phone }>(phoneVerifyPath(id), body)).data;

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesKey }),
  });
}
