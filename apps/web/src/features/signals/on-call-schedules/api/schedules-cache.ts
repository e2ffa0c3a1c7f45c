import { ViewNames } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { viewKey } from '@/lib/socket';

/** After a change: every schedules query (the list, one schedule, its final line, gaps, my shifts) is asked again. */
export const schedulesChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.onCallSchedules) });
