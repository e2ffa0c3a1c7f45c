import { SELF_TEST_API, type SelfTestResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Rounds run at most each minute: half that keeps the page within a round of them. */
export const SELF_TEST_POLL_MS = 30_000;
export const selfTestQueryKey = ['ops', 'self-test'] as const;

export const getSelfTest = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<SelfTestResponse>(SELF_TEST_API, { signal }).then((body) => body.data);

export function useSelfTest() {
  return useQuery({ queryKey: selfTestQueryKey, queryFn: getSelfTest, refetchInterval: SELF_TEST_POLL_MS });
}
