import type { PushPlatform } from './constants';

/**
 * A device as the log keeps it: the token `sealed` by the api's secret box (a device address is personal data, and
 * shown only as `tokenHint`). Registering again updates the platform or the name.
 */
export type PushDeviceRegistered = {
  type: 'PushDeviceRegistered';
  data: { deviceId: string; userId: string; platform: PushPlatform; token: string; tokenHint: string; name: string };
};
export type PushDeviceRemoved = { type: 'PushDeviceRemoved'; data: { deviceId: string; userId: string } };

export type PushDeviceEvent = PushDeviceRegistered | PushDeviceRemoved;

/** One stream per (person, token): the id is derived from both, so registering again finds the same device. */
export const pushDeviceStream = (deviceId: string) => `pushDevice-${deviceId}`;
