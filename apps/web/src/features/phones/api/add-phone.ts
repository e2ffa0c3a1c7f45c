import { PHONES_API } from '@tocsin/contracts';
import type { AddPhoneRequest, Phone } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { phonesKey } from './get-phones';

/** Sends the first code (or, in simple verification mode with consent, verifies at once). */
export const addPhone = async (body: AddPhoneRequest) => (await api.post<{ data: Phone }>(PHONES_API, body)).data;

export function useAddPhone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPhone, onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesKey }) });
}
