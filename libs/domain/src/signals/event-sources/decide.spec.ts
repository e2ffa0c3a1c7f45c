import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { CreateEventSource, EventSourceCommand } from './commands';
import { decideEventSource, POLICY_NOT_FOUND_MESSAGE, TEAM_NOT_FOUND_MESSAGE } from './decide';
import type { EventSourceCreated, EventSourceEvent } from './events';
import { evolveEventSource, initialEventSource, type EventSourceState } from './state';

const source = deciderSpec<EventSourceState, EventSourceCommand, EventSourceEvent>({
  initial: initialEventSource,
  evolve: evolveEventSource,
  decide: decideEventSource,
});

const fields = (expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe('invalid');
  expect((error as DomainError).fields).toEqual(expected);
};
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

const create = (extra: Partial<CreateEventSource> = {}): CreateEventSource => ({
  type: 'CreateEventSource',
  sourceId: 's1',
  orgId: 'org-1',
  format: 'alertmanager',
  name: '  Prometheus ',
  teamId: 't1',
  tokenHash: 'hash-1',
  tokenHint: 'abcd',
  signingSecret: null,
  teamFound: true,
  policyFound: false,
  ...extra,
});

const created: EventSourceCreated = {
  type: 'EventSourceCreated',
  data: {
    sourceId: 's1',
    orgId: 'org-1',
    format: 'alertmanager',
    tokenHash: 'hash-1',
    tokenHint: 'abcd',
    signingSecret: null,
    name: 'Prometheus',
    teamId: 't1',
    escalationPolicyId: null,
    rateLimitPerMinute: 600,
    autoResolveMinutes: null,
  },
};

describe('event sources', () => {
  it('creates a source with a trimmed name and the default limit', () => {
    source.given([]).when(create()).then([created]);
  });

  it('names every wrong field at once', () => {
    source
      .given([])
      .when(
        create({
          format: 'nagios',
        }),
      )
      .thenThrows(fields({ format: ['format must be one of generic, alertmanager, pagerduty'] }));
    source
      .given([])
      .when(
        create({
          name: ' ',
          teamFound: false,
          escalationPolicyId: 'p-elsewhere',
          rateLimitPerMinute: 0,
          autoResolveMinutes: 1.5,
        }),
      )
      .thenThrows(
        fields({
          name: ['name is a required field'],
          team_id: [TEAM_NOT_FOUND_MESSAGE],
          escalation_policy_id: [POLICY_NOT_FOUND_MESSAGE],
          rate_limit_per_minute: ['rate_limit_per_minute must be a whole number from 1 to 100000'],
          auto_resolve_after: [
            'auto_resolve_after must be empty or an ISO-8601 duration in whole minutes from PT1M to PT168H',
          ],
        }),
      );
  });

  it('changes what is sent, keeps the rest, and records nothing when nothing changes', () => {
    const change = {
      type: 'ChangeEventSource' as const,
      sourceId: 's1',
      orgId: 'org-1',
      teamFound: true,
      policyFound: true,
    };
    source
      .given([created])
      .when({ ...change, escalationPolicyId: 'p1', autoResolveMinutes: 30 })
      .then([
        {
          type: 'EventSourceChanged',
          data: {
            sourceId: 's1',
            name: 'Prometheus',
            teamId: 't1',
            escalationPolicyId: 'p1',
            rateLimitPerMinute: 600,
            autoResolveMinutes: 30,
          },
        },
      ]);
    source
      .given([created])
      .when({ ...change, name: 'Prometheus' })
      .thenNothingHappened();
  });

  it('rotates the token and sets or removes the signing secret', () => {
    source
      .given([created])
      .when({ type: 'RotateEventSourceToken', sourceId: 's1', orgId: 'org-1', tokenHash: 'hash-2', tokenHint: 'wxyz' })
      .then([{ type: 'EventSourceTokenRotated', data: { sourceId: 's1', tokenHash: 'hash-2', tokenHint: 'wxyz' } }]);
    source
      .given([created])
      .when({ type: 'SetEventSourceSigningSecret', sourceId: 's1', orgId: 'org-1', signingSecret: 'whsec_1' })
      .then([{ type: 'EventSourceSigningSecretChanged', data: { sourceId: 's1', signingSecret: 'whsec_1' } }]);
    source
      .given([created])
      .when({ type: 'SetEventSourceSigningSecret', sourceId: 's1', orgId: 'org-1', signingSecret: null })
      .thenNothingHappened();
  });

  it("treats another organization's source, and a deleted one, as not found", () => {
    source
      .given([created])
      .when({ type: 'DeleteEventSource', sourceId: 's1', orgId: 'org-2' })
      .thenThrows(code('not_found'));
    source
      .given([created, { type: 'EventSourceDeleted', data: { sourceId: 's1' } }])
      .when({ type: 'RotateEventSourceToken', sourceId: 's1', orgId: 'org-1', tokenHash: 'h', tokenHint: 'h' })
      .thenThrows(code('not_found'));
    source.given([created]).when(create()).thenThrows(code('conflict'));
  });
});
