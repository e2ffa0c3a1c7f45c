import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { AlertCommand, MoveAlert, TriggerAlert } from './commands';
import { ALERT_EARLIER_EPISODE_MESSAGE, decideAlert } from './decide';
import type { EscalationPolicySnapshot } from '../escalation-policies/policy';
import type { AlertActor, AlertEvent, AlertTriggered } from './events';
import { alertStream } from './events';
import { evolveAlert, initialAlert, type AlertState } from './state';

const alert = deciderSpec<AlertState, AlertCommand, AlertEvent>({
  initial: initialAlert,
  evolve: evolveAlert,
  decide: decideAlert,
});
const code = (expected: DomainError['code'], message?: string) => (error: unknown) => {
  expect((error as DomainError).code).toBe(expected);
  if (message) expect((error as DomainError).message).toBe(message);
};

const content = {
  summary: 'Disk almost full on db-1',
  priority: 'HIGH' as const,
  labels: { alertname: 'DiskFull', instance: 'db-1' },
  links: [{ href: 'https://grafana.example.com/d/disk', text: 'Dashboard' }],
};
const policy: EscalationPolicySnapshot = {
  policyId: 'policy-1',
  name: 'Database on-call',
  revision: 3,
  steps: [{ timeoutMinutes: 5, targets: [{ type: 'user', id: 'user-ann' }] }],
  repeat: 1,
  ackReminderMinutes: null,
};
const routing = {
  kind: 'route' as const,
  ruleId: 'rule-1',
  teamId: 'team-db',
  escalationPolicyId: 'policy-1',
  priority: 'HIGH' as const,
};
const trigger = (at: string, orgId = 'org-1', extra: Partial<TriggerAlert> = {}): TriggerAlert => ({
  type: 'TriggerAlert',
  alertId: 'alert-1',
  orgId,
  sourceId: 'source-1',
  dedupKey: 'fingerprint-abc',
  at,
  ...content,
  routing,
  policy,
  ...extra,
});
const triggered = (episode: number, at: string): AlertTriggered => ({
  type: 'AlertTriggered',
  data: {
    alertId: 'alert-1',
    orgId: 'org-1',
    sourceId: 'source-1',
    dedupKey: 'fingerprint-abc',
    episode,
    at,
    teamId: 'team-db',
    routing,
    policy,
    ...content,
  },
});
const ann: AlertActor = { kind: 'user', userId: 'user-ann', via: 'link' };
const move = (type: MoveAlert['type'], at: string, extra: Partial<MoveAlert> = {}): MoveAlert => ({
  type,
  alertId: 'alert-1',
  orgId: 'org-1',
  by: ann,
  at,
  ...extra,
});
const T0 = '2026-11-24T03:00:00.000Z';
const T1 = '2026-11-24T03:01:00.000Z';
const T2 = '2026-11-24T03:02:00.000Z';

describe('alert lifecycle', () => {
  it('records the routing decision and the policy copy, and pages at the routed priority', () => {
    const lowered = { ...routing, priority: 'LOW' as const };
    const [event] = decideAlert(trigger(T0, 'org-1', { routing: lowered }), initialAlert()) as AlertTriggered[];
    expect(event.data).toMatchObject({ teamId: 'team-db', routing: lowered, policy, priority: 'LOW' });
  });

  it('opens episode 1 the first time its key is seen, with what the source said', () => {
    alert
      .given([])
      .when(trigger(T0))
      .then([triggered(1, T0)]);
  });

  it('counts a repeat while the episode is open, acknowledged or not, and never opens a second one', () => {
    alert
      .given([triggered(1, T0)])
      .when(trigger(T1))
      .then([{ type: 'AlertDeduplicated', data: { alertId: 'alert-1', episode: 1, at: T1, count: 2 } }]);
    alert
      .given([
        triggered(1, T0),
        { type: 'AlertDeduplicated', data: { alertId: 'alert-1', episode: 1, at: T1, count: 2 } },
        { type: 'AlertAcknowledged', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } },
      ])
      .when(trigger(T2))
      .then([{ type: 'AlertDeduplicated', data: { alertId: 'alert-1', episode: 1, at: T2, count: 3 } }]);
  });

  it('opens a new episode when it fires again after it was resolved', () => {
    alert
      .given([triggered(1, T0), { type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } }])
      .when(trigger(T2))
      .then([triggered(2, T2)]);
  });

  it('acknowledges once: a second acknowledgement (a retried link, two people at once) changes nothing', () => {
    alert
      .given([triggered(1, T0)])
      .when(move('AcknowledgeAlert', T1))
      .then([{ type: 'AlertAcknowledged', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } }]);
    alert
      .given([
        triggered(1, T0),
        { type: 'AlertAcknowledged', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } },
      ])
      .when(move('AcknowledgeAlert', T2))
      .thenNothingHappened();
  });

  it('resolves from triggered or acknowledged, once, by a person or by the source', () => {
    const bySource: AlertActor = { kind: 'source', sourceId: 'source-1' };
    alert
      .given([triggered(1, T0)])
      .when(move('ResolveAlert', T1, { by: bySource }))
      .then([{ type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: T1, by: bySource } }]);
    alert
      .given([
        triggered(1, T0),
        { type: 'AlertAcknowledged', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } },
      ])
      .when(move('ResolveAlert', T2))
      .then([{ type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: T2, by: ann } }]);
    alert
      .given([triggered(1, T0), { type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } }])
      .when(move('ResolveAlert', T2))
      .thenNothingHappened();
  });

  it('refuses to acknowledge a resolved alert, saying so', () => {
    alert
      .given([triggered(1, T0), { type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } }])
      .when(move('AcknowledgeAlert', T2))
      .thenThrows(code('conflict', 'The alert is already resolved'));
  });

  it("refuses a link for an earlier episode: acknowledging last night's page must not silence tonight's", () => {
    alert
      .given([
        triggered(1, T0),
        { type: 'AlertResolved', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } },
        triggered(2, T2),
      ])
      .when(move('AcknowledgeAlert', T2, { episode: 1 }))
      .thenThrows(code('conflict', ALERT_EARLIER_EPISODE_MESSAGE));
    alert
      .given([triggered(1, T0)])
      .when(move('AcknowledgeAlert', T1, { episode: 1 }))
      .then([{ type: 'AlertAcknowledged', data: { alertId: 'alert-1', episode: 1, at: T1, by: ann } }]);
  });

  it("treats another organization's alert, and one never triggered, as not found", () => {
    alert.given([]).when(move('AcknowledgeAlert', T1)).thenThrows(code('not_found'));
    alert
      .given([triggered(1, T0)])
      .when(move('ResolveAlert', T1, { orgId: 'org-2' }))
      .thenThrows(code('not_found'));
    alert
      .given([triggered(1, T0)])
      .when(trigger(T1, 'org-2'))
      .thenThrows(code('not_found'));
  });

  it('names one stream per source and hashed dedup key', () => {
    expect(alertStream('source-1', 'ab12')).toBe('alert-source-1-ab12');
  });
});
