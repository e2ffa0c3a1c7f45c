import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { heartbeatPath } from '@tocsin/contracts';
import { heartbeatsKey } from './get-heartbeats';

export const deleteHeartbeat = (heartbeatId: string) => api.delete<void>(heartbeatPath(heartbeatId));

export function useDeleteHeartbeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHeartbeat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heartbeatsKey() }),
  });
}
