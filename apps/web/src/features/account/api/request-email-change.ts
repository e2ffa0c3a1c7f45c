import { EMAIL_CHANGE_API, type AccountProfile, type EmailChangeRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountQueryKey } from './get-account';

export const requestEmailChange = async (body: EmailChangeRequest) =>
  (await api.post<{ data: AccountProfile }>(EMAIL_CHANGE_API, body)).data;

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (profile) => queryClient.setQueryData(accountQueryKey, profile),
  });
}
