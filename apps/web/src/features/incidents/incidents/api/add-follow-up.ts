import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentFollowUpsPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const addFollowUp = async ({
  incidentId,
  title,
  ownerId,
  dueAt,
}: {
  incidentId: string;
  title: string;
  ownerId?: string | null;
  dueAt?: string | null;
}) =>
  (
    await api.post<{ data: Incident }>(incidentFollowUpsPath(incidentId), {
      title,
      owner_id: ownerId ?? null,
      due_at: dueAt ?? null,
    })
  ).data;

/** Adds a follow-up (it outlives the incident: listed across incidents). */
export function useAddFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFollowUp,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
