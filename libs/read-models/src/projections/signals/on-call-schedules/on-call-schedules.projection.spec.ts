import {
  onCallScheduleStream,
  organizationStream,
  type OnCallScheduleEvent,
  type ScheduleDefinition,
} from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../../test/support/projection-spec';
import { onCallRemovalsProjection, onCallSchedulesProjection as view } from './on-call-schedules.projection';

const recorded = eventRecorder<OnCallScheduleEvent | { type: string; data: unknown }>({
  orgId: 'org-1',
  actorId: 'u0',
});
const definition = (handoffTime: string): ScheduleDefinition => ({
  timeZone: 'Europe/London',
  layers: [
    {
      id: 'l1',
      name: 'Weekly',
      rotation: {
        slots: [['u1']],
        shift: { unit: 'weeks', count: 1 },
        handoffTime,
        startDate: '2026-01-05',
        restrictions: [],
      },
      endsAt: null,
    },
  ],
  overrides: [],
  temporarySchedules: [],
});
const on = { scheduleId: 's1', teamId: 't1' };

describe('on-call schedules projection', () => {
  const log = eventLogPerTest('on-call-schedules');

  it('keeps each version of the rules from when it was decided, and the feed secret only as its hash', async () => {
    await log.events.append(
      onCallScheduleStream('s1'),
      [
        recorded(
          {
            type: 'OnCallScheduleCreated',
            data: { ...on, orgId: 'org-1', name: 'Primary', definition: definition('09:00') },
          },
          minute(0),
        ),
        recorded(
          { type: 'OnCallScheduleChanged', data: { ...on, name: 'Primary', definition: definition('10:00') } },
          minute(5),
        ),
        // two edits in one millisecond: the later replaces the version
        recorded(
          { type: 'OnCallScheduleChanged', data: { ...on, name: 'Renamed', definition: definition('11:00') } },
          minute(5),
        ),
        recorded({ type: 'ScheduleFeedTokenRotated', data: { ...on, tokenHash: 'abc' } }, minute(6)),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(onCallScheduleStream('s1'));
    const { store, checkpoint } = await project(view, history);
    const [doc] = await documentsOf(store, view);
    expect(doc).toMatchObject({
      _id: 's1',
      orgId: 'org-1',
      teamId: 't1',
      name: 'Renamed',
      feedTokenHash: 'abc',
      revision: 3,
    });
    expect(
      doc.versions.map((v: { from: string; definition: ScheduleDefinition }) => [
        v.from,
        v.definition.layers[0].rotation.handoffTime,
      ]),
    ).toEqual([
      [minute(0), '09:00'],
      [minute(5), '11:00'],
    ]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('records a removal from the organization with its time, and drops it when the person is added back', async () => {
    await log.events.append(
      organizationStream('org-1'),
      [
        recorded({ type: 'MemberRemoved', data: { organizationId: 'org-1', userId: 'u1' } }, minute(1)),
        recorded({ type: 'MemberRemoved', data: { organizationId: 'org-1', userId: 'u2' } }, minute(2)),
        recorded({ type: 'MemberAdded', data: { organizationId: 'org-1', userId: 'u2', role: 'member' } }, minute(3)),
      ],
      'any',
    );
    const history = await readStreams(log.events, organizationStream('org-1'));
    const { store } = await project(onCallRemovalsProjection, history);
    expect(await documentsOf(store, onCallRemovalsProjection)).toEqual([
      { _id: 'org-1:u1', orgId: 'org-1', userId: 'u1', at: minute(1) },
    ]);
  });
});
