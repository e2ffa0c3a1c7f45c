import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentFollowUpPath, type FollowUpStatus, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const updateFollowUp = async ({
  incidentId,
  followUpId,
  body,
}: {
  incidentId: string;
  followUpId: string;
  body: { title?: string; owner_id?: string | null; due_at?: string | null; status?: FollowUpStatus };
}) => (await api.patch<{ data: Incident }>(incidentFollowUpPath(incidentId, followUpId), body)).data;

/** Changes a follow-up: title, owner, due time or status. */
export function useUpdateFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFollowUp,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
