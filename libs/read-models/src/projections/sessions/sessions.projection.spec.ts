import { sessionStream, type SessionEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../test/support/projection-spec';
import { sessionsProjection as view } from './sessions.projection';

const recorded = eventRecorder<SessionEvent>({ orgId: 'o1', actorId: 'u1' });

describe('sessions projection', () => {
  const log = eventLogPerTest('sessions');

  it('holds active sessions with their current organization, drops ended ones; redelivery changes nothing', async () => {
    await log.events.append(
      sessionStream('k1'),
      [
        recorded(
          {
            type: 'SessionStarted',
            data: { sessionKey: 'k1', userId: 'u1', organizationId: 'o1', expiresAt: minute(600), staff: false },
          },
          minute(0),
        ),
        recorded({ type: 'SessionOrganizationSwitched', data: { sessionKey: 'k1', organizationId: 'o2' } }, minute(5)),
      ],
      'no_stream',
    );
    await log.events.append(
      sessionStream('k2'),
      [
        recorded(
          {
            type: 'SessionStarted',
            data: { sessionKey: 'k2', userId: 'staff1', organizationId: 'o1', expiresAt: minute(60), staff: true },
          },
          minute(1),
        ),
        recorded({ type: 'SessionEnded', data: { sessionKey: 'k2', reason: 'staff_access_exited' } }, minute(2)),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, sessionStream('k1'), sessionStream('k2'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      { _id: 'k1', userId: 'u1', orgId: 'o2', expiresAt: minute(600), staff: false, startedAt: minute(0) },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('does not bring back a session that ended before its switch arrived', async () => {
    await log.events.append(
      sessionStream('k3'),
      [recorded({ type: 'SessionOrganizationSwitched', data: { sessionKey: 'k3', organizationId: 'o2' } })],
      'no_stream',
    );
    const { store } = await project(view, await log.events.readStream(sessionStream('k3')));
    expect(await store.count(view.collection)).toBe(0);
  });
});
