import { phonePath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { phonesKey } from './get-phones';

export const deletePhone = (id: string) => api.delete<void>(phonePath(id));

export function useDeletePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesKey }),
  });
}
