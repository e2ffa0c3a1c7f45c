import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentTasksPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const addIncidentTask = async ({
  incidentId,
  title,
  assigneeId,
  dueAt,
}: {
  incidentId: string;
  title: string;
  assigneeId?: string | null;
  dueAt?: string | null;
}) =>
  (
    await api.post<{ data: Incident }>(incidentTasksPath(incidentId), {
      title,
      assignee_id: assigneeId ?? null,
      due_at: dueAt ?? null,
    })
  ).data;

/** Adds a task to the incident. */
export function useAddIncidentTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIncidentTask,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
