import { ViewNames } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { viewKey } from '@/lib/socket';

export const groupingRulesKey = (...parts: string[]) => viewKey(ViewNames.groupingRules, ...parts);
export const alertGroupsKey = (...parts: string[]) => viewKey(ViewNames.alertGroups, ...parts);

/** After a change: every grouping rules query is asked again. */
export const groupingRulesChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: groupingRulesKey() });

/** After a group moved: its groups and the alerts it moved are asked again. */
export const alertGroupsChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: alertGroupsKey() }),
    queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.alerts) }),
  ]);
