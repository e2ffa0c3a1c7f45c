import { ACCOUNT_API } from '@tocsin/contracts';
import type { AccountProfile, ProfileRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { api } from '@/lib/api-client';

export const updateProfile = async (body: ProfileRequest) =>
  (await api.patch<{ data: AccountProfile }>(ACCOUNT_API, body)).data;

/** The shell shows the name from /me: refresh it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
