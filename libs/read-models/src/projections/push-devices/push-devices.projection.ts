import type { PushDeviceEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { pushDevicesView, type PushDeviceDoc } from '../../push-devices.read-model';

export const pushDevicesProjection: Projection<PushDeviceDoc> = {
  name: pushDevicesView.name,
  version: 1,
  collection: pushDevicesView.collection,
  indexes: pushDevicesView.indexes,
  handles: ['PushDeviceRegistered', 'PushDeviceRemoved'],
  documentIds: (event) => [(event.data as { deviceId: string }).deviceId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as PushDeviceEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'PushDeviceRegistered': {
        const { deviceId, userId, platform, name, token, tokenHint } = event.data;
        return {
          _id: deviceId,
          userId,
          platform,
          name,
          sealedToken: token,
          token_hint: tokenHint,
          // a device registered again keeps its place in the list
          registeredAt: doc?.registeredAt ?? recorded.position,
          created_at: doc?.created_at ?? at,
          updated_at: at,
        };
      }
      case 'PushDeviceRemoved':
        return null;
      default:
        return doc;
    }
  },
};
