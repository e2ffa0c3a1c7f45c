import { ALTERNATIVE_EMAILS_API } from '@tocsin/contracts';
import type { AddAlternativeEmailRequest, AlternativeEmail } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alternativeEmailsKey } from './get-alternative-emails';

/** Adds the address and emails it a verification link. */
export const addAlternativeEmail = async (body: AddAlternativeEmailRequest) =>
  (await api.post<{ data: AlternativeEmail }>(ALTERNATIVE_EMAILS_API, body)).data;

export function useAddAlternativeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlternativeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alternativeEmailsKey }),
  });
}
