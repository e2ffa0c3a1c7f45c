import { onCallScheduleOverridePath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const removeScheduleOverride = (teamId: string, id: string, overrideId: string) =>
  api.delete<void>(onCallScheduleOverridePath(teamId, id, overrideId));

export function useRemoveScheduleOverride(teamId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: string) => removeScheduleOverride(teamId, id, overrideId),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
