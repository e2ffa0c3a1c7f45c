import { ViewNames } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { viewKey } from '@/lib/socket';

/** After a change: every policies query (lists, one policy, the pickers of rules and sources) is asked again. */
export const policiesChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.escalationPolicies) });
