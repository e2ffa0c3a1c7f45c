import { SELF_TEST_API, type SelfTestRequest, type SelfTestResponse } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { selfTestQueryKey } from './get-self-test';

export const setSelfTest = async (body: SelfTestRequest) => (await api.put<SelfTestResponse>(SELF_TEST_API, body)).data;

export function useSetSelfTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSelfTest,
    onSuccess: (data) => queryClient.setQueryData(selfTestQueryKey, data),
  });
}
