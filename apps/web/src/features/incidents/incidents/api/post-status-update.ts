import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentStatusUpdatesPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const postStatusUpdate = async ({
  incidentId,
  templateId,
  body,
}: {
  incidentId: string;
  templateId: string | null;
  body: string;
}) =>
  (await api.post<{ data: Incident }>(incidentStatusUpdatesPath(incidentId), { template_id: templateId, body })).data;

/** Posts a status update as edited (from a template's draft or written from scratch). */
export function usePostStatusUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStatusUpdate,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
