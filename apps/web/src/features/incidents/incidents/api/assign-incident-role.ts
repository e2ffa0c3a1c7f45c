import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentRolePath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const assignIncidentRole = async ({
  incidentId,
  roleId,
  userId,
}: {
  incidentId: string;
  roleId: string;
  userId: string | null;
}) => (await api.put<{ data: Incident }>(incidentRolePath(incidentId, roleId), { user_id: userId })).data;

/** Puts a member in a role (null: nobody); taking a role applies its task list to that person. */
export function useAssignIncidentRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignIncidentRole,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
