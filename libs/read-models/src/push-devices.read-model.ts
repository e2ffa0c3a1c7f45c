import { ViewNames } from '@tocsin/contracts';
import type { PushPlatform } from '@tocsin/domain';
import { anyOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * GET /api/v1/push_devices: a person's registered devices, across their organizations (the tenant is `userId`).
 * The token stays sealed here: paging opens it, the API shows only `token_hint`.
 */
export interface PushDeviceDoc extends ViewDocument {
  userId: string;
  platform: PushPlatform;
  name: string;
  sealedToken: string;
  token_hint: string;
  registeredAt: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<PushDeviceDoc>({
  name: ViewNames.pushDevices,
  collection: 'push_devices',
  indexes: [{ keys: { userId: 1, registeredAt: 1 } }],
});

export const pushDevicesView = {
  ...model,
  /** Another person's device is not found, like an unknown id. */
  byId: (reader: ViewReader, userId: string, deviceId: string) => model.findOne(reader, { _id: deviceId, userId }),
  ofUser: (reader: ViewReader, userId: string) => model.find(reader, { userId }, { sort: { registeredAt: 1 } }),
  /** Every device of each of `userIds` (a registered device is reachable: its app holds the person's session). */
  of: (reader: ViewReader, userIds: readonly string[]) =>
    model.find(reader, { userId: anyOf(userIds) }, { sort: { registeredAt: 1 } }),
};
