import type { AlertEvent } from '@tocsin/domain';
import { alertTimelineView } from '@tocsin/read-models';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../../test/support/projection-spec';
import { alertTimelineProjection as view } from './alert-timeline.projection';

const recorded = eventRecorder<AlertEvent>({ orgId: 'org-1', actorId: null });
const stream = 'alert-source-1-abc';
const policy = {
  policyId: 'policy-1',
  name: 'Database on-call',
  revision: 3,
  steps: [{ timeoutMinutes: 5, targets: [{ type: 'user' as const, id: 'ann' }] }],
  repeat: 0,
  ackReminderMinutes: null,
};
const routing = {
  kind: 'route' as const,
  ruleId: 'rule-1',
  teamId: 'team-db',
  escalationPolicyId: 'policy-1',
  priority: 'HIGH' as const,
};
const base = { alertId: 'alert-1', episode: 1 };
const attempt = {
  ...base,
  attemptId: 'alert-1/1/s0/ann/row',
  stage: { kind: 'step' as const, step: 0 },
  userId: 'ann',
  settingId: 'row',
  channel: 'sms' as const,
  address: '+15550001',
};

/** The alert's trigger, opening `episode` at `at`. */
const triggered = (episode: number, at: string) =>
  recorded({
    type: 'AlertTriggered',
    data: {
      ...base,
      episode,
      orgId: 'org-1',
      sourceId: 'source-1',
      dedupKey: 'k',
      at,
      teamId: 'team-db',
      routing,
      policy,
      summary: 'Disk full',
      priority: 'HIGH',
      labels: {},
      links: [],
    },
  });

describe('alert timeline projection', () => {
  const log = eventLogPerTest('alert-timeline');

  it('keeps every routing decision, the policy copy, each attempt and its outcome, and the acknowledgement, in log order', async () => {
    await log.events.append(
      stream,
      [
        triggered(1, minute(0)),
        recorded({ type: 'EscalationStepReached', data: { ...base, step: 0, at: minute(0) } }),
        recorded({ type: 'NotificationAttempted', data: { ...attempt, try: 1, at: minute(0) } }),
        recorded({
          type: 'NotificationFailed',
          data: {
            ...base,
            attemptId: attempt.attemptId,
            try: 1,
            answer: '503 busy',
            retryable: true,
            final: false,
            at: minute(0),
          },
        }),
        recorded({ type: 'NotificationAttempted', data: { ...attempt, try: 2, at: minute(1) } }),
        recorded({
          type: 'NotificationSent',
          data: {
            ...base,
            attemptId: attempt.attemptId,
            try: 2,
            providerMessageId: 'SM1',
            answer: '201',
            at: minute(1),
          },
        }),
        recorded({
          type: 'AlertAcknowledged',
          data: { ...base, at: minute(2), by: { kind: 'user', userId: 'ann', via: 'link' } },
        }),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, stream);
    const { store, checkpoint } = await project(view, history);
    const entries = await alertTimelineView.ofAlert(store, 'org-1', 'alert-1');
    expect(entries.map((e) => e.kind)).toEqual([
      'triggered',
      'step_reached',
      'notification_attempted',
      'notification_failed',
      'notification_attempted',
      'notification_sent',
      'acknowledged',
    ]);
    expect(entries[0]).toMatchObject({ orgId: 'org-1', stream, episode: 1, routing, policy });
    expect(entries[3]).toMatchObject({ answer: '503 busy', retryable: true, final: false });
    expect(await alertTimelineView.ofAlert(store, 'org-2', 'alert-1')).toEqual([]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it("keeps one entry per episode for the payload's repeats, with their count and the last one's time", async () => {
    const repeat = (episode: number, count: number, at: string) =>
      recorded({ type: 'AlertDeduplicated', data: { ...base, episode, count, at } });
    await log.events.append(
      stream,
      [
        triggered(1, minute(0)),
        ...[2, 3, 4, 5].map((count) => repeat(1, count, minute(count))),
        recorded({
          type: 'AlertResolved',
          data: { ...base, at: minute(6), by: { kind: 'source', sourceId: 'source-1' } },
        }),
        triggered(2, minute(7)),
        repeat(2, 2, minute(8)),
        repeat(2, 3, minute(9)),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, stream);
    const { store, checkpoint } = await project(view, history);
    const entries = await alertTimelineView.ofAlert(store, 'org-1', 'alert-1');
    expect(entries.map((e) => [e.kind, e.episode, e.at])).toEqual([
      ['triggered', 1, minute(0)],
      ['deduplicated', 1, minute(5)],
      ['resolved', 1, minute(6)],
      ['triggered', 2, minute(7)],
      ['deduplicated', 2, minute(9)],
    ]);
    expect(entries.filter((e) => e.kind === 'deduplicated').map((e) => 'count' in e && e.count)).toEqual([5, 3]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
