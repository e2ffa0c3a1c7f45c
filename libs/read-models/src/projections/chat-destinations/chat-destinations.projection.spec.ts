import {
  chatDestinationStream,
  pushDeviceStream,
  type ChatDestinationEvent,
  type PushDeviceEvent,
} from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../test/support/projection-spec';
import { pushDevicesProjection } from '../push-devices/push-devices.projection';
import { chatDestinationsProjection as view } from './chat-destinations.projection';

const chat = eventRecorder<ChatDestinationEvent>({ orgId: null, actorId: 'u1' });
const push = eventRecorder<PushDeviceEvent>({ orgId: null, actorId: 'u1' });
const url = { sealed: 'v1.sealed', digest: 'dg', hint: 'hooks.slack.com …abcd' };
const code = (sentAt: string) => ({ salt: 's', codeHash: 'secret', sentAt, expiresAt: minute(30) });

describe('chat destinations and push devices projections', () => {
  const log = eventLogPerTest('destinations');

  it('folds a webhook through its verification, never shows its codes, drops a removed one; redelivery changes nothing', async () => {
    const added = (id: string) =>
      chat(
        { type: 'ChatDestinationAdded', data: { destinationId: id, userId: 'u1', kind: 'slack', name: '#ops', url } },
        minute(0),
      );
    await log.events.append(
      chatDestinationStream('d1'),
      [
        added('d1'),
        chat({ type: 'ChatDestinationCodeSent', data: { destinationId: 'd1', ...code(minute(0)) } }, minute(0)),
        chat({ type: 'ChatDestinationVerified', data: { destinationId: 'd1', userId: 'u1' } }, minute(2)),
      ],
      'no_stream',
    );
    await log.events.append(
      chatDestinationStream('d2'),
      [added('d2'), chat({ type: 'ChatDestinationRemoved', data: { destinationId: 'd2', userId: 'u1' } }, minute(3))],
      'no_stream',
    );
    const history = await readStreams(log.events, chatDestinationStream('d1'), chatDestinationStream('d2'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      {
        _id: 'd1',
        userId: 'u1',
        kind: 'slack',
        name: '#ops',
        sealedUrl: 'v1.sealed',
        urlDigest: 'dg',
        url_hint: 'hooks.slack.com …abcd',
        verified: true,
        addedAt: history[0].position,
        created_at: minute(0),
        updated_at: minute(2),
      },
    ]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('keeps a device registered again in its place, with its new name; redelivery changes nothing', async () => {
    const registered = (name: string, at: string) =>
      push(
        {
          type: 'PushDeviceRegistered',
          data: { deviceId: 'p1', userId: 'u1', platform: 'ios', token: 'v1.t', tokenHint: '…abcdef', name },
        },
        at,
      );
    await log.events.append(
      pushDeviceStream('p1'),
      [registered('Phone', minute(0)), registered('Work', minute(5))],
      'no_stream',
    );
    const history = await readStreams(log.events, pushDeviceStream('p1'));
    const { store, checkpoint } = await project(pushDevicesProjection, history);
    expect(await documentsOf(store, pushDevicesProjection)).toEqual([
      {
        _id: 'p1',
        userId: 'u1',
        platform: 'ios',
        name: 'Work',
        sealedToken: 'v1.t',
        token_hint: '…abcdef',
        registeredAt: history[0].position,
        created_at: minute(0),
        updated_at: minute(5),
      },
    ]);
    await expectRedeliveryChangesNothing(store, pushDevicesProjection, checkpoint, history);
  });
});
