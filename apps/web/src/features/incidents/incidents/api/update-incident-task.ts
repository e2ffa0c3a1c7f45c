import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentTaskPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const updateIncidentTask = async ({
  incidentId,
  taskId,
  body,
}: {
  incidentId: string;
  taskId: string;
  body: { title?: string; assignee_id?: string | null; due_at?: string | null; done?: boolean };
}) => (await api.patch<{ data: Incident }>(incidentTaskPath(incidentId, taskId), body)).data;

/** Changes a task: its title, assignee, due time or done. */
export function useUpdateIncidentTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIncidentTask,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
