import { pushDevicePath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pushDevicesKey } from './get-push-devices';

export const deletePushDevice = (id: string) => api.delete<void>(pushDevicePath(id));

export function useDeletePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}
