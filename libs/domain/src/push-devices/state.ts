import type { PushPlatform } from './constants';
import type { PushDeviceEvent } from './events';

export interface PushDeviceState {
  status: 'absent' | 'active' | 'removed';
  userId: string | null;
  platform: PushPlatform | null;
  name: string;
}

export const initialPushDevice = (): PushDeviceState => ({ status: 'absent', userId: null, platform: null, name: '' });

export function evolvePushDevice(state: PushDeviceState, event: PushDeviceEvent): PushDeviceState {
  switch (event.type) {
    case 'PushDeviceRegistered': {
      const { userId, platform, name } = event.data;
      return { status: 'active', userId, platform, name };
    }
    case 'PushDeviceRemoved':
      return { ...state, status: 'removed' };
  }
}
