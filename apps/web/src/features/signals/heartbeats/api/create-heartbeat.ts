import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HEARTBEATS_API, type HeartbeatRequest, type HeartbeatWithSecrets } from '@tocsin/contracts';
import { heartbeatsKey } from './get-heartbeats';

export const createHeartbeat = async (body: HeartbeatRequest) =>
  (await api.post<{ data: HeartbeatWithSecrets }>(HEARTBEATS_API, body)).data;

export function useCreateHeartbeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHeartbeat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heartbeatsKey() }),
  });
}
