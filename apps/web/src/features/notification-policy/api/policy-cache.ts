import { ViewNames } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { viewKey } from '@/lib/socket';

/** The policy and every compliance shown beside it are asked again. */
export const policyChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.notificationPolicyItems) }),
    queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.notificationCompliance) }),
  ]);
