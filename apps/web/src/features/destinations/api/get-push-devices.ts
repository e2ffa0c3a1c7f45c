import { PUSH_DEVICES_API, ViewNames, type PushDevice } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const pushDevicesKey = viewKey(ViewNames.pushDevices);

export const getPushDevices = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: PushDevice[] }>(PUSH_DEVICES_API, { signal })).data;

/** The devices the mobile app registered for the caller. */
export function usePushDevices() {
  return useQuery({ queryKey: [...pushDevicesKey, 'list'], queryFn: getPushDevices });
}
