import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { CreateWebhookTarget, WebhookDeliveryCommand, WebhookTargetCommand } from './commands';
import {
  decideWebhookDelivery,
  decideWebhookTarget,
  WEBHOOK_HTTPS_MESSAGE,
  WEBHOOK_PAUSE_AFTER_FAILURES,
  WEBHOOK_TEAM_NOT_FOUND_MESSAGE,
} from './decide';
import type { WebhookDeliveryEvent, WebhookTargetCreated, WebhookTargetEvent } from './events';
import {
  evolveWebhookDelivery,
  evolveWebhookTarget,
  initialWebhookDelivery,
  initialWebhookTarget,
  type WebhookDeliveryState,
  type WebhookTargetState,
} from './state';

const target = deciderSpec<WebhookTargetState, WebhookTargetCommand, WebhookTargetEvent>({
  initial: initialWebhookTarget,
  evolve: evolveWebhookTarget,
  decide: decideWebhookTarget,
});
const delivery = deciderSpec<WebhookDeliveryState, WebhookDeliveryCommand, WebhookDeliveryEvent>({
  initial: initialWebhookDelivery,
  evolve: evolveWebhookDelivery,
  decide: decideWebhookDelivery,
});

const fields = (expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe('invalid');
  expect((error as DomainError).fields).toEqual(expected);
};
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

const checks = { unknownTeamIds: [], urlProblem: null, httpAllowed: false };
const create = (extra: Partial<CreateWebhookTarget> = {}): CreateWebhookTarget => ({
  type: 'CreateWebhookTarget',
  targetId: 'w1',
  orgId: 'org-1',
  secret: 'sealed-1',
  secretHint: 'abcd',
  name: ' Bus ',
  url: 'https://hooks.example.com/x',
  eventTypes: ['alert.resolved', 'alert.triggered', 'alert.triggered'],
  teamIds: ['t1', 't1'],
  ...checks,
  ...extra,
});
const created: WebhookTargetCreated = {
  type: 'WebhookTargetCreated',
  data: {
    targetId: 'w1',
    orgId: 'org-1',
    secret: 'sealed-1',
    secretHint: 'abcd',
    name: 'Bus',
    url: 'https://hooks.example.com/x',
    eventTypes: ['alert.triggered', 'alert.resolved'],
    teamIds: ['t1'],
  },
};
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString();
const failure = (at: string) =>
  ({ type: 'RecordWebhookTargetOutcome', targetId: 'w1', orgId: 'org-1', ok: false, at }) as const;

describe('webhook targets', () => {
  it('makes a target with its settings tidied: name trimmed, event types in order and once, teams once', () => {
    target.given([]).when(create()).then([created]);
  });

  it('names every bad field at once', () => {
    target
      .given([])
      .when(create({ name: '', url: 'http://hooks.example.com/x', eventTypes: ['toString' as never] }))
      .thenThrows(
        fields({
          name: ['name is a required field'],
          url: [WEBHOOK_HTTPS_MESSAGE],
          event_types: [expect.stringContaining('event_types must hold at least one of')],
        }),
      );
    target
      .given([])
      .when(create({ unknownTeamIds: ['t9'], urlProblem: '127.0.0.1 is a private address' }))
      .thenThrows(
        fields({
          url: ['url cannot be called: 127.0.0.1 is a private address'],
          team_ids: [WEBHOOK_TEAM_NOT_FOUND_MESSAGE],
        }),
      );
  });

  it("does not know another organization's target", () => {
    target
      .given([created])
      .when({ type: 'DeleteWebhookTarget', targetId: 'w1', orgId: 'org-2' })
      .thenThrows(code('not_found'));
  });

  it('pauses after ten failures in a row spanning an hour, not before, and a success starts the count over', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({
      type: 'WebhookTargetFailed' as const,
      data: { targetId: 'w1', failures: i + 1, since: minute(0), at: minute(i) },
    }));
    // the tenth failure within the hour: counted, not paused
    target
      .given([created, ...nine])
      .when(failure(minute(30)))
      .then([
        { type: 'WebhookTargetFailed', data: { targetId: 'w1', failures: 10, since: minute(0), at: minute(30) } },
      ]);
    const late = minute(60);
    target
      .given([created, ...nine])
      .when(failure(late))
      .then([
        {
          type: 'WebhookTargetFailed',
          data: { targetId: 'w1', failures: WEBHOOK_PAUSE_AFTER_FAILURES, since: minute(0), at: late },
        },
        {
          type: 'WebhookTargetPaused',
          data: { targetId: 'w1', orgId: 'org-1', failures: WEBHOOK_PAUSE_AFTER_FAILURES, since: minute(0), at: late },
        },
      ]);
    target
      .given([created, ...nine])
      .when({ type: 'RecordWebhookTargetOutcome', targetId: 'w1', orgId: 'org-1', ok: true, at: late })
      .then([{ type: 'WebhookTargetRecovered', data: { targetId: 'w1', at: late } }]);
    target
      .given([created])
      .when({ type: 'RecordWebhookTargetOutcome', targetId: 'w1', orgId: 'org-1', ok: true, at: late })
      .thenNothingHappened();
  });

  it('refuses a second rotation until the first is finished', () => {
    const rotate = {
      type: 'RotateWebhookTargetSecret' as const,
      targetId: 'w1',
      orgId: 'org-1',
      secret: 'sealed-2',
      secretHint: 'wxyz',
      previousSecret: 'sealed-1',
    };
    target
      .given([created])
      .when(rotate)
      .then([
        {
          type: 'WebhookTargetSecretRotated',
          data: { targetId: 'w1', secret: 'sealed-2', secretHint: 'wxyz', previousSecret: 'sealed-1' },
        },
      ]);
    target
      .given([created, { type: 'WebhookTargetSecretRotated', data: { ...rotate, targetId: 'w1' } }])
      .when(rotate)
      .thenThrows(code('conflict'));
  });
});

describe('webhook deliveries', () => {
  const attempt = (extra: Partial<Extract<WebhookDeliveryCommand, { type: 'RecordWebhookAttempt' }>> = {}) => ({
    type: 'RecordWebhookAttempt' as const,
    targetId: 'w1',
    orgId: 'org-1',
    eventId: '42',
    eventType: 'alert.triggered' as const,
    round: 0,
    at: minute(0),
    durationMs: 12,
    statusCode: 500,
    ok: false,
    error: '500 busy',
    ...extra,
  });
  const attempted = (extra: Record<string, unknown> = {}): WebhookDeliveryEvent => ({
    type: 'WebhookDeliveryAttempted',
    data: { ...attempt(), attempt: 1, ...extra } as never,
  });

  it('numbers the tries of a round, records none after one went through, and a redelivery starts a round', () => {
    const { type: _t, ...first } = attempt();
    delivery
      .given([])
      .when(attempt())
      .then([{ type: 'WebhookDeliveryAttempted', data: { ...first, attempt: 1 } }]);
    delivery
      .given([attempted({ ok: true, statusCode: 200 })])
      .when(attempt({ ok: true }))
      .thenNothingHappened();
    delivery
      .given([attempted({ ok: true, statusCode: 200 })])
      .when({ type: 'RequestWebhookRedelivery', targetId: 'w1', orgId: 'org-1', eventId: '42', at: minute(5) })
      .then([
        {
          type: 'WebhookRedeliveryRequested',
          data: { targetId: 'w1', orgId: 'org-1', eventId: '42', round: 1, at: minute(5) },
        },
      ]);
    // a late try of the replaced round is not recorded
    delivery
      .given([
        attempted(),
        {
          type: 'WebhookRedeliveryRequested',
          data: { targetId: 'w1', orgId: 'org-1', eventId: '42', round: 1, at: minute(5) },
        },
      ])
      .when(attempt({ round: 0 }))
      .thenNothingHappened();
  });

  it("cannot redeliver an event never sent, nor another organization's", () => {
    const redeliver = {
      type: 'RequestWebhookRedelivery' as const,
      targetId: 'w1',
      orgId: 'org-1',
      eventId: '42',
      at: minute(1),
    };
    delivery.given([]).when(redeliver).thenThrows(code('not_found'));
    delivery
      .given([attempted()])
      .when({ ...redeliver, orgId: 'org-2' })
      .thenThrows(code('not_found'));
  });
});
