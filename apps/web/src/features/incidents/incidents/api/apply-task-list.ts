import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentTaskListsPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const applyTaskList = async ({ incidentId, taskListId }: { incidentId: string; taskListId: string }) =>
  (await api.post<{ data: Incident }>(incidentTaskListsPath(incidentId), { task_list_id: taskListId })).data;

/** Adds every task of one of the settings' task lists. */
export function useApplyTaskList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTaskList,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
