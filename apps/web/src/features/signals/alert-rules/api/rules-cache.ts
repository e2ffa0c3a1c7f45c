import { ViewNames } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { viewKey } from '@/lib/socket';

export const rulesQueryKey = (teamId: string) => viewKey(ViewNames.alertRules, 'team', teamId);

/** After a change: every rules query is asked again. */
export const rulesChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.alertRules) });
