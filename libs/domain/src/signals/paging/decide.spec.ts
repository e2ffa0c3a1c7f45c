import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { EscalationPolicySnapshot } from '../escalation-policies/policy';
import type { DomainError } from '../../shared/event';
import type { AlertCommand } from '../alerts/commands';
import { decideAlert } from '../alerts/decide';
import type { AlertActor, AlertEvent, AlertTriggered } from '../alerts/events';
import type { AttemptNotification, RecordNotificationOutcome } from './commands';
import { ALERT_REASSIGNED_ESCALATE_MESSAGE } from './decide';
import {
  ALERT_NO_NEXT_STEP_MESSAGE,
  ALERT_NOT_OPEN_MESSAGE,
  NOTIFICATION_IN_FLIGHT_MESSAGE,
  type NotificationAttempted,
} from './events';
import { evolveAlert, initialAlert, type AlertState } from '../alerts/state';

const alert = deciderSpec<AlertState, AlertCommand, AlertEvent>({
  initial: initialAlert,
  evolve: evolveAlert,
  decide: decideAlert,
});
const code = (expected: DomainError['code'], message?: string) => (error: unknown) => {
  expect((error as DomainError).code).toBe(expected);
  if (message) expect((error as DomainError).message).toBe(message);
};

const T0 = '2026-11-24T03:00:00.000Z';
const at = (minutes: number, seconds = 0) => new Date(Date.parse(T0) + minutes * 60_000 + seconds * 1000).toISOString();
const policy: EscalationPolicySnapshot = {
  policyId: 'policy-1',
  name: 'Database on-call',
  revision: 3,
  steps: [
    { timeoutMinutes: 5, targets: [{ type: 'user', id: 'ann' }] },
    { timeoutMinutes: 5, targets: [{ type: 'user', id: 'bob' }] },
  ],
  repeat: 0,
  ackReminderMinutes: null,
};
const triggered = (episode = 1): AlertTriggered => ({
  type: 'AlertTriggered',
  data: {
    alertId: 'alert-1',
    orgId: 'org-1',
    sourceId: 'source-1',
    dedupKey: 'k',
    episode,
    at: T0,
    teamId: 'team-db',
    routing: { kind: 'default', teamId: 'team-db', escalationPolicyId: 'policy-1', priority: 'HIGH' },
    policy,
    summary: 'Disk full',
    priority: 'HIGH',
    labels: {},
    links: [],
  },
});
const ann: AlertActor = { kind: 'user', userId: 'ann', via: 'api' };
const page = (extra: Partial<AttemptNotification> = {}): AttemptNotification => ({
  type: 'AttemptNotification',
  alertId: 'alert-1',
  orgId: 'org-1',
  episode: 1,
  attemptId: 'alert-1/1/s0/ann/row-1',
  stage: { kind: 'step', step: 0 },
  userId: 'ann',
  settingId: 'row-1',
  channel: 'sms',
  address: '+15550001',
  at: at(0),
  ...extra,
});
const attempted = (
  tried: number,
  when = at(0),
  extra: Partial<NotificationAttempted['data']> = {},
): NotificationAttempted => ({
  type: 'NotificationAttempted',
  data: {
    alertId: 'alert-1',
    episode: 1,
    attemptId: 'alert-1/1/s0/ann/row-1',
    try: tried,
    stage: { kind: 'step', step: 0 },
    userId: 'ann',
    settingId: 'row-1',
    channel: 'sms',
    address: '+15550001',
    at: when,
    ...extra,
  },
});
const result = (tried: number, r: RecordNotificationOutcome['result'], when = at(0, 1)): RecordNotificationOutcome => ({
  type: 'RecordNotificationOutcome',
  alertId: 'alert-1',
  orgId: 'org-1',
  episode: 1,
  attemptId: 'alert-1/1/s0/ann/row-1',
  try: tried,
  at: when,
  result: r,
});
const stepReached = (step: number, when = at(0)) => ({
  type: 'EscalationStepReached' as const,
  data: { alertId: 'alert-1', episode: 1, step, at: when },
});
const sent = (tried: number): AlertEvent => ({
  type: 'NotificationSent',
  data: {
    alertId: 'alert-1',
    episode: 1,
    attemptId: 'alert-1/1/s0/ann/row-1',
    try: tried,
    providerMessageId: 'SM1',
    answer: '201',
    at: at(0, 1),
  },
});
const failed = (tried: number, final: boolean, retryable = true): AlertEvent => ({
  type: 'NotificationFailed',
  data: {
    alertId: 'alert-1',
    episode: 1,
    attemptId: 'alert-1/1/s0/ann/row-1',
    try: tried,
    answer: '503',
    retryable,
    final,
    at: at(0, 1),
  },
});
const acked: AlertEvent = { type: 'AlertAcknowledged', data: { alertId: 'alert-1', episode: 1, at: at(1), by: ann } };
const resolved: AlertEvent = { type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: at(1), by: ann } };

describe('paging on the alert stream', () => {
  it('records the step reached and the attempt before the provider is called', () => {
    alert
      .given([triggered()])
      .when(page())
      .then([stepReached(0), attempted(1)]);
  });

  it('records the provider outcome once: sent, or failed with its answer', () => {
    alert
      .given([triggered(), attempted(1)])
      .when(result(1, { ok: true, providerMessageId: 'SM1', answer: '201' }))
      .then([sent(1)]);
    alert
      .given([triggered(), attempted(1), sent(1)])
      .when(result(1, { ok: true, providerMessageId: 'SM1', answer: '201' }))
      .thenNothingHappened();
    alert
      .given([triggered(), attempted(1)])
      .when(result(1, { ok: false, retryable: true, answer: '503' }))
      .then([failed(1, false)]);
    alert
      .given([triggered(), attempted(1)])
      .when(result(1, { ok: false, retryable: false, answer: '503' }))
      .then([failed(1, true, false)]);
  });

  it('never sends an attempt twice; retries a failed one up to the last try, then it is final', () => {
    alert
      .given([triggered(), attempted(1), sent(1)])
      .when(page({ at: at(3) }))
      .thenNothingHappened();
    alert
      .given([triggered(), stepReached(0), attempted(1), failed(1, false)])
      .when(page({ at: at(0, 5) }))
      .then([attempted(2, at(0, 5))]);
    alert
      .given([triggered(), attempted(3), failed(3, true)])
      .when(result(3, { ok: false, retryable: true, answer: '503' }))
      .thenNothingHappened();
    alert
      .given([
        triggered(),
        attempted(1),
        failed(1, false),
        attempted(2),
        failed(2, false),
        attempted(3),
        failed(3, true),
      ])
      .when(page({ at: at(1) }))
      .thenNothingHappened();
  });

  it('retries an attempt a crash left without an outcome, but not one that may still be under way', () => {
    alert
      .given([triggered(), stepReached(0), attempted(1)])
      .when(page({ at: at(0, 5) }))
      .thenThrows(code('conflict', NOTIFICATION_IN_FLIGHT_MESSAGE));
    alert
      .given([triggered(), stepReached(0), attempted(1)])
      .when(page({ at: at(1) }))
      .then([attempted(2, at(1))]);
  });

  it('pages nobody once the alert is acknowledged or resolved, or for another episode', () => {
    alert
      .given([triggered(), acked])
      .when(page({ at: at(2) }))
      .thenNothingHappened();
    alert
      .given([triggered(), resolved])
      .when(page({ at: at(2) }))
      .thenNothingHappened();
    alert
      .given([triggered(1), resolved, triggered(2)])
      .when(page({ at: at(2) }))
      .thenNothingHappened();
    // the provider's answer to a try made before the acknowledgement is still recorded
    alert
      .given([triggered(), attempted(1), acked])
      .when(result(1, { ok: true, providerMessageId: 'SM1', answer: '201' }))
      .then([sent(1)]);
  });

  it('escalates now to the next step, and refuses past the last one or when not triggered', () => {
    const escalate = (when: string) => ({
      type: 'EscalateAlert' as const,
      alertId: 'alert-1',
      orgId: 'org-1',
      by: ann,
      at: when,
    });
    alert
      .given([triggered()])
      .when(escalate(at(1)))
      .then([
        {
          type: 'AlertEscalated',
          data: { alertId: 'alert-1', episode: 1, fromStep: 0, toStep: 1, at: at(1), by: ann },
        },
      ]);
    const escalated: AlertEvent = {
      type: 'AlertEscalated',
      data: { alertId: 'alert-1', episode: 1, fromStep: 0, toStep: 1, at: at(1), by: ann },
    };
    alert
      .given([triggered(), escalated])
      .when(escalate(at(2)))
      .thenThrows(code('conflict', ALERT_NO_NEXT_STEP_MESSAGE));
    alert
      .given([triggered(), acked])
      .when(escalate(at(2)))
      .thenThrows(code('conflict', ALERT_NOT_OPEN_MESSAGE));
    // a step skipped by escalating before it paged is no longer due
    alert
      .given([triggered(), escalated])
      .when(page({ at: at(2) }))
      .thenNothingHappened();
    alert
      .given([triggered(), escalated])
      .when(page({ at: at(2), stage: { kind: 'step', step: 1 }, attemptId: 'alert-1/1/s1/bob/r', userId: 'bob' }))
      .then([
        stepReached(1, at(2)),
        attempted(1, at(2), { stage: { kind: 'step', step: 1 }, attemptId: 'alert-1/1/s1/bob/r', userId: 'bob' }),
      ]);
  });

  it('reassigns to one person: the policy stops paging, their own notifications are due', () => {
    const reassign = {
      type: 'ReassignAlert' as const,
      alertId: 'alert-1',
      orgId: 'org-1',
      userId: 'cid',
      by: ann,
      at: at(1),
    };
    const reassigned: AlertEvent = {
      type: 'AlertReassigned',
      data: { alertId: 'alert-1', episode: 1, n: 1, userId: 'cid', at: at(1), by: ann },
    };
    alert.given([triggered()]).when(reassign).then([reassigned]);
    alert.given([triggered(), reassigned]).when(reassign).thenNothingHappened();
    alert.given([triggered(), resolved]).when(reassign).thenThrows(code('conflict', ALERT_NOT_OPEN_MESSAGE));
    // an acknowledged alert is handed over (back to triggered, for the new person), unless to its acknowledger
    alert.given([triggered(), acked]).when(reassign).then([reassigned]);
    alert
      .given([triggered(), acked])
      .when({ ...reassign, userId: 'ann' })
      .thenNothingHappened();
    alert
      .given([triggered(), reassigned])
      .when(page({ at: at(2) }))
      .thenNothingHappened();
    const forCid = { stage: { kind: 'reassignment' as const, n: 1 }, attemptId: 'alert-1/1/r1/cid/r', userId: 'cid' };
    alert
      .given([triggered(), reassigned])
      .when(page({ at: at(2), ...forCid }))
      .then([attempted(1, at(2), forCid)]);
    // handed over after an acknowledgement: the new person is paged, the acknowledger's reminders stop
    alert
      .given([triggered(), acked, reassigned])
      .when(page({ at: at(2), ...forCid }))
      .then([attempted(1, at(2), forCid)]);
    alert
      .given([triggered(), acked, reassigned])
      .when(page({ at: at(31), stage: { kind: 'reminder', n: 1 }, attemptId: 'alert-1/1/m1/ann/row-1' }))
      .thenNothingHappened();
    alert
      .given([triggered(), reassigned])
      .when({ type: 'EscalateAlert', alertId: 'alert-1', orgId: 'org-1', by: ann, at: at(2) })
      .thenThrows(code('conflict', ALERT_REASSIGNED_ESCALATE_MESSAGE));
  });

  it('reminds only the acknowledger of an acknowledged, unresolved alert', () => {
    const reminder = { stage: { kind: 'reminder' as const, n: 1 }, attemptId: 'alert-1/1/m1/ann/row-1' };
    alert
      .given([triggered(), acked])
      .when(page({ at: at(31), ...reminder }))
      .then([attempted(1, at(31), reminder)]);
    alert
      .given([triggered(), acked])
      .when(page({ at: at(31), ...reminder, userId: 'bob' }))
      .thenNothingHappened();
    alert
      .given([triggered(), acked, resolved])
      .when(page({ at: at(31), ...reminder }))
      .thenNothingHappened();
    alert
      .given([triggered()])
      .when(page({ at: at(31), ...reminder }))
      .thenNothingHappened();
  });

  it('auto-resolves an open alert once its source has been quiet for the whole period', () => {
    const quiet = (when: string, episode = 1) => ({
      type: 'AutoResolveAlert' as const,
      alertId: 'alert-1',
      orgId: 'org-1',
      episode,
      sourceId: 'source-1',
      quietMinutes: 30,
      at: when,
    });
    const resolvedBySource: AlertEvent = {
      type: 'AlertResolved',
      data: {
        alertId: 'alert-1',
        episode: 1,
        at: at(30),
        by: { kind: 'source', sourceId: 'source-1' },
        quietMinutes: 30,
      },
    };
    const seenAgain: AlertEvent = {
      type: 'AlertDeduplicated',
      data: { alertId: 'alert-1', episode: 1, at: at(20), count: 2 },
    };
    alert
      .given([triggered()])
      .when(quiet(at(30)))
      .then([resolvedBySource]);
    alert
      .given([triggered(), acked])
      .when(quiet(at(30)))
      .then([resolvedBySource]);
    // seen again since: not quiet yet
    alert
      .given([triggered(), seenAgain])
      .when(quiet(at(30)))
      .thenNothingHappened();
    alert
      .given([triggered(), resolved])
      .when(quiet(at(30)))
      .thenNothingHappened();
    alert
      .given([triggered(1), resolved, triggered(2)])
      .when(quiet(at(30)))
      .thenNothingHappened();
  });

  it('records once that a due target pages nobody, and not once the alert is acknowledged', () => {
    const nobody = {
      type: 'RecordUnreachableTarget' as const,
      alertId: 'alert-1',
      orgId: 'org-1',
      episode: 1,
      attemptId: 'alert-1/1/s0/ann/none',
      stage: { kind: 'step' as const, step: 0 },
      target: { type: 'user' as const, id: 'ann' },
      userId: 'ann',
      reason: 'no_notification_settings' as const,
      at: at(0),
    };
    const { type: _type, orgId: _orgId, ...data } = nobody;
    const recorded: AlertEvent = { type: 'PagingTargetUnreachable', data };
    alert
      .given([triggered()])
      .when(nobody)
      .then([stepReached(0), recorded]);
    alert
      .given([triggered(), stepReached(0), recorded])
      .when(nobody)
      .thenNothingHappened();
    alert.given([triggered(), acked]).when(nobody).thenNothingHappened();
  });

  it('records a step reached at its start, once, while the escalation is still on it', () => {
    const reach = (step: number) => ({
      type: 'ReachEscalationStep' as const,
      alertId: 'alert-1',
      orgId: 'org-1',
      episode: 1,
      step,
      at: at(5),
    });
    alert
      .given([triggered()])
      .when(reach(1))
      .then([stepReached(1, at(5))]);
    alert
      .given([triggered(), stepReached(1, at(5))])
      .when(reach(1))
      .thenNothingHappened();
    alert.given([triggered(), acked]).when(reach(1)).thenNothingHappened();
  });

  it("does not exist for another organization's caller", () => {
    alert
      .given([triggered()])
      .when(page({ orgId: 'org-2' }))
      .thenThrows(code('not_found'));
  });
});

describe('an alert held by a scheduled maintenance', () => {
  const held = {
    type: 'AlertSuppressed' as const,
    data: {
      alertId: 'alert-1',
      episode: 1,
      maintenanceId: 'm1',
      maintenanceName: 'DB upgrade',
      sourceId: 'source-1',
      until: at(30),
      at: T0,
    },
  };
  const review = (inForceUntil: string | null, minutes: number, reason = 'cancelled' as const): AlertCommand => ({
    type: 'ReviewSuppression',
    alertId: 'alert-1',
    orgId: 'org-1',
    episode: 1,
    maintenanceId: 'm1',
    maintenanceName: 'DB upgrade',
    inForceUntil,
    reason,
    at: at(minutes),
  });

  it('is recorded held at trigger when a maintenance covers it', () => {
    const { data } = triggered();
    alert
      .given([])
      .when({
        type: 'TriggerAlert',
        ...data,
        suppression: { maintenanceId: 'm1', maintenanceName: 'DB upgrade', until: at(30) },
      })
      .then([triggered(), held]);
  });

  it('pages nobody while held', () => alert.given([triggered(), held]).when(page()).thenNothingHappened());

  it('ends at the window end or when the maintenance lets go; moves with the window; nothing for another maintenance', () => {
    const ended = (reason: string, minutes: number) => ({
      type: 'AlertSuppressionEnded',
      data: { alertId: 'alert-1', episode: 1, maintenanceId: 'm1', reason, at: at(minutes) },
    });
    alert
      .given([triggered(), held])
      .when(review(at(30), 30))
      .then([ended('window_ended', 30)] as AlertEvent[]);
    alert
      .given([triggered(), held])
      .when(review(null, 10))
      .then([ended('cancelled', 10)] as AlertEvent[]);
    alert
      .given([triggered(), held])
      .when(review(at(30), 10))
      .thenNothingHappened();
    alert
      .given([triggered(), held])
      .when(review(at(45), 10))
      .then([{ ...held, data: { ...held.data, until: at(45), at: at(10) } }]);
    alert
      .given([triggered(), held])
      .when({ ...review(null, 10), maintenanceId: 'm2' } as AlertCommand)
      .thenNothingHappened();
  });

  it('pages from the end of the hold, as if triggered then', () => {
    const end: AlertEvent = {
      type: 'AlertSuppressionEnded',
      data: { alertId: 'alert-1', episode: 1, maintenanceId: 'm1', reason: 'window_ended', at: at(30) },
    };
    const state = [triggered(), held, end].reduce(evolveAlert, initialAlert());
    expect(state).toMatchObject({ suppression: null, triggeredAt: at(30) });
    alert
      .given([triggered(), held, end])
      .when(page({ at: at(30) }))
      .then([
        { type: 'EscalationStepReached', data: { alertId: 'alert-1', episode: 1, step: 0, at: at(30) } },
        attempted(1, at(30)),
      ]);
  });
});
