import { onCallSchedulePath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const deleteOnCallSchedule = (teamId: string, id: string) => api.delete<void>(onCallSchedulePath(teamId, id));

export function useDeleteOnCallSchedule(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOnCallSchedule(teamId, id),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
