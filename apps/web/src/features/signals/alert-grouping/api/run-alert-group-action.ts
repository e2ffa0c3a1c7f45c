import { alertGroupActionPath, type AlertGroupResource } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertGroupsChanged } from './grouping-cache';

export type AlertGroupAction = 'acknowledge' | 'resolve';

export const runAlertGroupAction = async ({ groupId, action }: { groupId: string; action: AlertGroupAction }) =>
  (await api.post<{ data: AlertGroupResource }>(alertGroupActionPath(groupId, action), {})).data;

export function useAlertGroupAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runAlertGroupAction, onSuccess: () => alertGroupsChanged(queryClient) });
}
