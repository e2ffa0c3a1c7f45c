import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { ConfigureSelfTest, SelfTestCommand } from './commands';
import { decideSelfTest } from './decide';
import type { SelfTestConfigured, SelfTestEvent } from './events';
import { selfTestDestinationProblem, selfTestHeartbeatProblem, SELF_TEST_MESSAGES } from './rules';
import { evolveSelfTest, initialSelfTest, type SelfTestState } from './state';

const selfTest = deciderSpec<SelfTestState, SelfTestCommand, SelfTestEvent>({
  initial: initialSelfTest,
  evolve: evolveSelfTest,
  decide: decideSelfTest,
});
const destination = { sealed: 'sealed-mail', hint: 'ops@example.com' };
const configure = (extra: Partial<ConfigureSelfTest> = {}): ConfigureSelfTest => ({
  type: 'ConfigureSelfTest',
  orgId: 'org-1',
  enabled: true,
  interval: 'PT5M',
  channel: 'email',
  destination,
  destinationProblem: null,
  heartbeatUrl: null,
  heartbeatProblem: null,
  ...extra,
});
const configured: SelfTestConfigured = {
  type: 'SelfTestConfigured',
  data: { orgId: 'org-1', enabled: true, interval: 'PT5M', channel: 'email', destination, heartbeatUrl: null },
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
          channel: 'email',
          destination: null,
          destinationProblem: SELF_TEST_MESSAGES.email,
          heartbeatProblem: SELF_TEST_MESSAGES.heartbeatUrl,
        }),
      )
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({
          enabled: [SELF_TEST_MESSAGES.enabled],
          interval: [SELF_TEST_MESSAGES.interval],
          destination: [SELF_TEST_MESSAGES.email],
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

  it.each(['__proto__', 'sms', 'toString'])('refuses the channel %p (an own value of the list only)', (channel) =>
    selfTest
      .given([])
      .when(configure({ channel }))
      .thenThrows((error) => expect((error as DomainError).fields).toEqual({ channel: [SELF_TEST_MESSAGES.channel] })),
  );
});

describe('self-test addresses as typed', () => {
  it('takes an email address for email and a webhook URL for chat', () => {
    expect(selfTestDestinationProblem('email', 'ops@example.com', true)).toBeNull();
    expect(selfTestDestinationProblem('email', 'not an address', true)).toBe(SELF_TEST_MESSAGES.email);
    expect(selfTestDestinationProblem('slack', 'https://hooks.slack.com/services/T/B/x', true)).toBeNull();
    expect(selfTestDestinationProblem('slack', 'http://hooks.slack.com/x', true)).toMatch(/https/);
    expect(selfTestDestinationProblem('slack', '', true)).toBe(SELF_TEST_MESSAGES.destinationRequired);
  });

  it('takes no heartbeat URL, or an http(s) one without credentials', () => {
    expect(selfTestHeartbeatProblem(undefined, true)).toBeNull();
    expect(selfTestHeartbeatProblem('https://hc-ping.com/abc', true)).toBeNull();
    expect(selfTestHeartbeatProblem('ftp://example.com/x', true)).toBe(SELF_TEST_MESSAGES.heartbeatUrl);
    expect(selfTestHeartbeatProblem('https://me:pw@example.com/x', true)).toBe(SELF_TEST_MESSAGES.heartbeatUrl);
  });
});
