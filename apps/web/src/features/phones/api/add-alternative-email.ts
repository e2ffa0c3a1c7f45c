import type { AddAlternativeEmailRequest, AlternativeEmail } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ALTERNATIVE_EMAILS_PATH, alternativeEmailsKey } from './get-alternative-emails';

/** Adds the address and emails it a verification link. */
export const addAlternativeEmail = async (body: AddAlternativeEmailRequest) =>
  (await api.post<{ data: AlternativeEmail }>(ALTERNATIVE_EMAILS_PATH, body)).data;

export function useAddAlternativeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlternativeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alternativeEmailsKey }),
  });
}
