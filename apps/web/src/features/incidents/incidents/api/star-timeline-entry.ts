import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentStarPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const starTimelineEntry = async ({
  incidentId,
  position,
  starred,
}: {
  incidentId: string;
  position: number;
  starred: boolean;
}) => (await api.put<{ data: Incident }>(incidentStarPath(incidentId, position), { starred })).data;

/** Stars (or unstars) a timeline entry for everyone: the retrospective takes the starred ones. */
export function useStarTimelineEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: starTimelineEntry,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
