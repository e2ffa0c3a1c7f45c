import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ALTERNATIVE_EMAILS_PATH, alternativeEmailsKey } from './get-alternative-emails';

export const deleteAlternativeEmail = (id: string) =>
  api.delete<void>(`${ALTERNATIVE_EMAILS_PATH}/${encodeURIComponent(id)}`);

export function useDeleteAlternativeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlternativeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alternativeEmailsKey }),
  });
}
