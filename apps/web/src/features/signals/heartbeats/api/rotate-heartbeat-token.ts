import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { heartbeatTokenPath, type HeartbeatWithSecrets } from '@tocsin/contracts';
import { heartbeatsKey } from './get-heartbeats';

/** The old ping URL stops working at once; the answer holds the new one, shown this once. */
export const rotateHeartbeatToken = async (heartbeatId: string) =>
  (await api.post<{ data: HeartbeatWithSecrets }>(heartbeatTokenPath(heartbeatId), {})).data;

export function useRotateHeartbeatToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateHeartbeatToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heartbeatsKey() }),
  });
}
