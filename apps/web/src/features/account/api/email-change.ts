import type { AccountProfile, EmailChangeRequest } from '@tocsin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { api } from '@/lib/api-client';

export const accountQueryKey = ['account'] as const;

export const getAccount = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: AccountProfile }>('/api/v1/account', { signal })).data;

/** The profile with the email change still waiting for its link, if any. */
export function useAccount() {
  return useQuery({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccount({ signal }) });
}

export const requestEmailChange = async (body: EmailChangeRequest) =>
  (await api.post<{ data: AccountProfile }>('/api/v1/account/email_change', body)).data;

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (profile) => queryClient.setQueryData(accountQueryKey, profile),
  });
}

export const confirmEmailChange = async (token: string) =>
  (await api.post<{ data: { email: string } }>(`/api/v1/account/email_change/${encodeURIComponent(token)}`, {})).data;

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
