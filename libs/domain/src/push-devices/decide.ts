import { DomainError } from '../shared/event';
import type { PushDeviceCommand } from './commands';
import { isPushPlatform, PUSH_DEVICE_MESSAGES as MESSAGES, PUSH_DEVICE_NAME_MAX_LENGTH } from './constants';
import type { PushDeviceEvent } from './events';
import type { PushDeviceState } from './state';

function invalid(field: string, message: string): never {
  throw new DomainError(message, 'invalid', { [field]: [message] });
}

/**
 * A device registers each time the app starts (its token may have changed): the same token again changes nothing
 * unless its platform or name did; a removed device registers anew. The token was judged and sealed by the api.
 */
export function decidePushDevice(command: PushDeviceCommand, state: PushDeviceState): PushDeviceEvent[] {
  const { deviceId, userId } = command;
  if (command.type === 'RegisterPushDevice') {
    if (state.userId !== null && state.userId !== userId) throw new DomainError(MESSAGES.notFound, 'not_found');
    const { platform, name, token, tokenHint } = command;
    if (!isPushPlatform(platform)) invalid('platform', MESSAGES.platform);
    if (name !== undefined && name !== null && typeof name !== 'string') invalid('name', MESSAGES.name);
    const trimmed = (name ?? '').trim();
    if (trimmed.length > PUSH_DEVICE_NAME_MAX_LENGTH) invalid('name', MESSAGES.name);
    if (state.status === 'active' && state.platform === platform && state.name === trimmed) return [];
    return [{ type: 'PushDeviceRegistered', data: { deviceId, userId, platform, token, tokenHint, name: trimmed } }];
  }
  if (state.status !== 'active' || state.userId !== userId) throw new DomainError(MESSAGES.notFound, 'not_found');
  return [{ type: 'PushDeviceRemoved', data: { deviceId, userId } }];
}
