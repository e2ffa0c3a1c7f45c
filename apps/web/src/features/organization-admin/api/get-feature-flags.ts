import { ViewNames, FEATURE_FLAGS_API } from '@tocsin/contracts';
import type { FeatureFlagsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const featureFlagsQueryKey = viewKey(ViewNames.organizationFeatureFlags, 'current');

export const getFeatureFlags = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<FeatureFlagsResponse>(FEATURE_FLAGS_API, { signal })).data;

export function useFeatureFlags() {
  return useQuery({ queryKey: featureFlagsQueryKey, queryFn: getFeatureFlags });
}
