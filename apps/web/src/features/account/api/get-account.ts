import { ACCOUNT_API, type AccountProfile } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const accountQueryKey = ['account'] as const;

export const getAccount = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: AccountProfile }>(ACCOUNT_API, { signal })).data;

/** The profile with the email change still waiting for its link, if any. */
export function useAccount() {
  return useQuery({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccount({ signal }) });
}
