import { featureFlagPath } from '@tocsin/contracts';
import type { FeatureFlagRequest, FeatureFlagsResponse } from '@tocsin/contracts';
import type { FeatureFlag } from '@tocsin/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { featureFlagsQueryKey } from './get-feature-flags';

export const setFeatureFlag = async ({ flag, ...body }: FeatureFlagRequest & { flag: FeatureFlag }) =>
  (await api.put<FeatureFlagsResponse>(featureFlagPath(flag), body)).data;

export function useSetFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeatureFlag,
    onSuccess: (flags) => queryClient.setQueryData(featureFlagsQueryKey, flags),
  });
}
