import { alternativeEmailPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alternativeEmailsKey } from './get-alternative-emails';

export const deleteAlternativeEmail = (id: string) => api.delete<void>(alternativeEmailPath(id));

export function useDeleteAlternativeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlternativeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alternativeEmailsKey }),
  });
}
