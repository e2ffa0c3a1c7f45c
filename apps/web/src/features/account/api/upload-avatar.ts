import { ACCOUNT_AVATAR_API } from '@tocsin/contracts';
import type { AccountProfile } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { api } from '@/lib/api-client';

export async function uploadAvatar(file: File): Promise<AccountProfile> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return (await api.upload<{ data: AccountProfile }>(ACCOUNT_AVATAR_API, form)).data;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
