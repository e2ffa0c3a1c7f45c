import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { ConfigureSelfTest, SelfTestCommand } from './commands';
import { decideSelfTest } from './decide';
import type { SelfTestConfigured, SelfTestEvent } from './events';
import { selfTestHeartbeatProblem, SELF_TEST_MESSAGES } from './rules';
import { evolveSelfTest, initialSelfTest, type SelfTestState } from './state';

const selfTest = deciderSpec<SelfTestState, SelfTestCommand, SelfTestEvent>({
  initial: initialSelfTest,
  evolve: evolveSelfTest,
  decide: decideSelfTest,
});
const ingestToken = { sealed: 'sealed-token', hint: '…abcd' };
const configure = (extra: Partial<ConfigureSelfTest> = {}): ConfigureSelfTest => ({
  type: 'ConfigureSelfTest',
  orgId: 'org-1',
  enabled: true,
  interval: 'PT5M',
  teamId: 'team-1',
  escalationPolicyId: 'policy-1',
  teamFound: true,
  policyFound: true,
  sourceId: 'source-1',
  ingestToken,
  heartbeatUrl: null,
  heartbeatProblem: null,
  ...extra,
});
const configured: SelfTestConfigured = {
  type: 'SelfTestConfigured',
  data: {
    orgId: 'org-1',
    enabled: true,
    interval: 'PT5M',
    teamId: 'team-1',
    escalationPolicyId: 'policy-1',
    sourceId: 'source-1',
    ingestToken,
    heartbeatUrl: null,
  },
};

describe('self-test settings', () => {
  it('keeps what the owners set', () => selfTest.given([]).when(configure()).then([configured]));

  it('records nothing when nothing changed', () =>
    selfTest.given([configured]).when(configure()).thenNothingHappened());

  it('records turning it off', () =>
    selfTest
      .given([configured])
      .when(configure({ enabled: false }))
      .then([{ ...configured, data: { ...configured.data, enabled: false } }]));

  it('refuses every bad field at once, named as the request names it', () =>
    selfTest
      .given([])
      .when(
        configure({
          enabled: 'yes',
          interval: 'PT30S',
          teamId: 'another-orgs-team',
          teamFound: false,
          heartbeatProblem: SELF_TEST_MESSAGES.heartbeatUrl,
        }),
      )
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({
          enabled: [SELF_TEST_MESSAGES.enabled],
          interval: [SELF_TEST_MESSAGES.interval],
          team_id: [SELF_TEST_MESSAGES.team],
          heartbeat_url: [SELF_TEST_MESSAGES.heartbeatUrl],
        }),
      ));

  it.each(['PT0M', 'PT24H1M', 'PT1M30S', 'P1D', 'constructor', 60])('refuses the interval %p', (interval) =>
    selfTest
      .given([])
      .when(configure({ interval }))
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({ interval: [SELF_TEST_MESSAGES.interval] }),
      ),
  );

  it("refuses a policy that is not the team's, or none", () => {
    for (const change of [{ policyFound: false }, { escalationPolicyId: null, policyFound: false }])
      selfTest
        .given([])
        .when(configure(change))
        .thenThrows((error) =>
          expect((error as DomainError).fields).toEqual({ escalation_policy_id: [SELF_TEST_MESSAGES.policy] }),
        );
  });

  it('records a change of routing', () =>
    selfTest
      .given([configured])
      .when(configure({ teamId: 'team-2', escalationPolicyId: 'policy-2' }))
      .then([{ ...configured, data: { ...configured.data, teamId: 'team-2', escalationPolicyId: 'policy-2' } }]));
});

describe('self-test addresses as typed', () => {
  it('takes no heartbeat URL, or an http(s) one without credentials', () => {
    expect(selfTestHeartbeatProblem(undefined, true)).toBeNull();
    expect(selfTestHeartbeatProblem('https://hc-ping.com/abc', true)).toBeNull();
    expect(selfTestHeartbeatProblem('ftp://example.com/x', true)).toBe(SELF_TEST_MESSAGES.heartbeatUrl);
    expect(selfTestHeartbeatProblem('https://me:pw@example.com/x', true)).toBe(SELF_TEST_MESSAGES.heartbeatUrl);
  });
});
