import { emailChangeApiPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { api } from '@/lib/api-client';
import { accountQueryKey } from './get-account';

export const confirmEmailChange = async (token: string) =>
  (await api.post<{ data: { email: string } }>(emailChangeApiPath(token), {})).data;

/** The emailed link works once, so it is a mutation the page fires once, not a query that may refetch. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
      ]),
  });
}
