import { heartbeatStream, type HeartbeatEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { heartbeatsProjection as view } from './heartbeats.projection';

const recorded = eventRecorder<HeartbeatEvent>({ orgId: 'org-1' });
const settings = { name: 'Backup', teamId: 't1', escalationPolicyId: null, intervalMinutes: 5, graceMinutes: 1 };

describe('heartbeats projection', () => {
  const log = eventLogPerTest('heartbeats');

  it('keeps the last beat and the due time it makes, the miss until the recovery, and deletes a deleted heartbeat', async () => {
    const stream = heartbeatStream('h1');
    const created = {
      heartbeatId: 'h1',
      orgId: 'org-1',
      tokenHash: 'h',
      tokenHint: 'abcd',
      at: minute(0),
      ...settings,
    };
    await log.events.append(
      stream,
      [
        recorded({ type: 'HeartbeatCreated', data: created }, minute(0)),
        recorded({ type: 'HeartbeatBeat', data: { heartbeatId: 'h1', at: minute(2) } }, minute(2)),
        recorded(
          {
            type: 'HeartbeatMissed',
            data: { heartbeatId: 'h1', at: minute(8), dueAt: minute(8), lastBeatAt: minute(2) },
          },
          minute(8),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    const [doc] = await store.find(view.collection);
    expect(doc).toMatchObject({ _id: 'h1', lastBeatAt: minute(2), missedAt: minute(8), dueAt: Date.parse(minute(8)) });
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);

    await log.events.append(
      stream,
      [
        recorded({ type: 'HeartbeatBeat', data: { heartbeatId: 'h1', at: minute(9) } }, minute(9)),
        recorded(
          { type: 'HeartbeatRecovered', data: { heartbeatId: 'h1', at: minute(9), missedAt: minute(8) } },
          minute(9),
        ),
      ],
      2,
    );
    const recovered = await project(view, await log.events.readStream(stream));
    expect((await recovered.store.find(view.collection))[0]).toMatchObject({
      missedAt: null,
      dueAt: Date.parse(minute(15)),
    });

    await log.events.append(stream, [recorded({ type: 'HeartbeatDeleted', data: { heartbeatId: 'h1' } })], 4);
    const deleted = await project(view, await log.events.readStream(stream));
    expect(await deleted.store.count(view.collection)).toBe(0);
  });
});
