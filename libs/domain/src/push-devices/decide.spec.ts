import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { PushDeviceCommand } from './commands';
import { PUSH_DEVICE_MESSAGES, pushTokenProblem } from './constants';
import { decidePushDevice } from './decide';
import type { PushDeviceEvent } from './events';
import { evolvePushDevice, initialPushDevice, type PushDeviceState } from './state';

const device = deciderSpec<PushDeviceState, PushDeviceCommand, PushDeviceEvent>({
  initial: initialPushDevice,
  evolve: evolvePushDevice,
  decide: decidePushDevice,
});
const register = (overrides: Partial<Extract<PushDeviceCommand, { type: 'RegisterPushDevice' }>> = {}) =>
  ({
    type: 'RegisterPushDevice',
    deviceId: 'd1',
    userId: 'u1',
    platform: 'ios',
    name: ' Phone ',
    token: 'v1.sealed',
    tokenHint: '…abcdef',
    ...overrides,
  }) as PushDeviceCommand;
const registered = (name = 'Phone', platform: 'ios' | 'android' = 'ios'): PushDeviceEvent => ({
  type: 'PushDeviceRegistered',
  data: { deviceId: 'd1', userId: 'u1', platform, token: 'v1.sealed', tokenHint: '…abcdef', name },
});
const notFound = (error: unknown) => expect((error as DomainError).code).toBe('not_found');

describe('push device decider', () => {
  it('registers a device; the same again changes nothing, a new name or platform is recorded', () => {
    device.given([]).when(register()).then([registered()]);
    device.given([registered()]).when(register()).thenNothingHappened();
    device
      .given([registered()])
      .when(register({ name: 'Work' }))
      .then([registered('Work')]);
    device
      .given([registered()])
      .when(register({ platform: 'android' }))
      .then([registered('Phone', 'android')]);
    device
      .given([])
      .when(register({ platform: 'constructor' }))
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({ platform: [PUSH_DEVICE_MESSAGES.platform] }),
      );
  });

  it("removes only its own person's device; a removed device registers anew", () => {
    const removed: PushDeviceEvent = { type: 'PushDeviceRemoved', data: { deviceId: 'd1', userId: 'u1' } };
    device.given([registered()]).when({ type: 'RemovePushDevice', deviceId: 'd1', userId: 'u2' }).thenThrows(notFound);
    device.given([registered()]).when({ type: 'RemovePushDevice', deviceId: 'd1', userId: 'u1' }).then([removed]);
    device
      .given([registered(), removed])
      .when({ type: 'RemovePushDevice', deviceId: 'd1', userId: 'u1' })
      .thenThrows(notFound);
    device.given([registered(), removed]).when(register()).then([registered()]);
    device
      .given([registered()])
      .when(register({ userId: 'u2' }))
      .thenThrows(notFound);
  });

  it('judges a token by its platform: hexadecimal for APNs, FCM tokens otherwise', () => {
    expect(pushTokenProblem('ios', 'ab'.repeat(32))).toBeNull();
    expect(pushTokenProblem('ios', 'fcm-token-0123456789:abc')).toBe(PUSH_DEVICE_MESSAGES.tokenApns);
    expect(pushTokenProblem('android', 'fcm-token-0123456789:abc')).toBeNull();
    expect(pushTokenProblem('web', 'short')).toBe(PUSH_DEVICE_MESSAGES.tokenFcm);
    expect(pushTokenProblem('web', '')).toBe(PUSH_DEVICE_MESSAGES.tokenRequired);
    expect(pushTokenProblem('android', 'has space in it 0123456789')).toBe(PUSH_DEVICE_MESSAGES.tokenFcm);
  });
});
