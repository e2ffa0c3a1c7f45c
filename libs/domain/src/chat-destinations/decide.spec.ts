import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { IssuedPhoneCode } from '../phones/events';
import { VerificationRefused } from '../phones/refusal';
import type { ChatDestinationCommand } from './commands';
import { CHAT_DESTINATION_MESSAGES, maskWebhookUrl, webhookUrlProblem } from './constants';
import { decideChatDestination } from './decide';
import type { ChatDestinationEvent } from './events';
import { evolveChatDestination, initialChatDestination, type ChatDestinationState } from './state';

const chat = deciderSpec<ChatDestinationState, ChatDestinationCommand, ChatDestinationEvent>({
  initial: initialChatDestination,
  evolve: evolveChatDestination,
  decide: decideChatDestination,
});
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
const issued = (minutes: number, codeHash = 'hash-1'): IssuedPhoneCode => ({
  salt: `salt-${minutes}`,
  codeHash,
  sentAt: at(minutes),
  expiresAt: at(minutes + 10),
});
const url = { sealed: 'v1.sealed', digest: 'digest', hint: 'hooks.slack.com …abcd' };
const add = (overrides: Partial<Extract<ChatDestinationCommand, { type: 'AddChatDestination' }>> = {}) =>
  ({
    type: 'AddChatDestination',
    destinationId: 'd1',
    userId: 'u1',
    kind: 'slack',
    name: ' #ops ',
    url,
    code: issued(0),
    ...overrides,
  }) as ChatDestinationCommand;
const added: ChatDestinationEvent = {
  type: 'ChatDestinationAdded',
  data: { destinationId: 'd1', userId: 'u1', kind: 'slack', name: '#ops', url },
};
const sent = (minutes: number): ChatDestinationEvent => ({
  type: 'ChatDestinationCodeSent',
  data: { destinationId: 'd1', ...issued(minutes) },
});
const verify = (codeHash: string, minutes = 1, userId = 'u1'): ChatDestinationCommand => ({
  type: 'VerifyChatDestination',
  destinationId: 'd1',
  userId,
  codeHash,
  now: at(minutes),
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

describe('chat destination decider', () => {
  it('adds a webhook with its first code; the kind is one of slack, microsoft_teams; the name is trimmed', () => {
    chat
      .given([])
      .when(add())
      .then([added, sent(0)]);
    chat
      .given([])
      .when(add({ kind: '__proto__' }))
      .thenThrows((error) => expect((error as DomainError).fields).toEqual({ type: [CHAT_DESTINATION_MESSAGES.kind] }));
    chat
      .given([])
      .when(add({ name: 'x'.repeat(81) }))
      .thenThrows((error) => expect((error as DomainError).fields).toEqual({ name: [CHAT_DESTINATION_MESSAGES.name] }));
    chat
      .given([added, sent(0)])
      .when(add())
      .thenThrows(code('conflict'));
  });

  it('verifies with the right code only, counting wrong ones; an expired code is refused', () => {
    chat
      .given([added, sent(0)])
      .when(verify('wrong'))
      .then([{ type: 'ChatDestinationVerificationFailed', data: { destinationId: 'd1', attempts: 1 } }]);
    chat
      .given([added, sent(0)])
      .when(verify('hash-1'))
      .then([{ type: 'ChatDestinationVerified', data: { destinationId: 'd1', userId: 'u1' } }]);
    chat
      .given([added, sent(0)])
      .when(verify('hash-1', 11))
      .thenThrows((error) => expect((error as VerificationRefused).reason).toBe('expired'));
  });

  it('limits codes to 5 an hour, the first included', () => {
    const resend = (minutes: number): ChatDestinationCommand => ({
      type: 'ResendChatDestinationCode',
      destinationId: 'd1',
      userId: 'u1',
      code: issued(minutes),
    });
    chat
      .given([added, sent(0), sent(1), sent(2), sent(3)])
      .when(resend(4))
      .then([sent(4)]);
    chat
      .given([added, sent(0), sent(1), sent(2), sent(3), sent(4)])
      .when(resend(5))
      .thenThrows((error) => expect((error as VerificationRefused).reason).toBe('too_many_sends'));
    chat
      .given([added, sent(0), sent(1), sent(2), sent(3), sent(4)])
      .when(resend(61))
      .then([sent(61)]);
  });

  it("answers another person's destination, and a removed one, as not found", () => {
    const remove: ChatDestinationCommand = { type: 'RemoveChatDestination', destinationId: 'd1', userId: 'u2' };
    chat
      .given([added, sent(0)])
      .when(remove)
      .thenThrows(code('not_found'));
    chat
      .given([added, sent(0)])
      .when(verify('hash-1', 1, 'u2'))
      .thenThrows(code('not_found'));
    const removed: ChatDestinationEvent = {
      type: 'ChatDestinationRemoved',
      data: { destinationId: 'd1', userId: 'u1' },
    };
    chat
      .given([added, sent(0)])
      .when({ ...remove, userId: 'u1' })
      .then([removed]);
    chat
      .given([added, sent(0), removed])
      .when(verify('hash-1'))
      .thenThrows(code('not_found'));
  });
});

describe('webhook URLs', () => {
  it('takes an absolute http(s) URL without credentials (https only where required), and masks it', () => {
    expect(webhookUrlProblem('https://hooks.slack.com/services/T/B/x', true)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example/x', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example/x', true)).toBe(CHAT_DESTINATION_MESSAGES.urlHttps);
    expect(webhookUrlProblem('', false)).toBe(CHAT_DESTINATION_MESSAGES.urlRequired);
    expect(webhookUrlProblem('javascript:alert(1)', false)).toBe(CHAT_DESTINATION_MESSAGES.urlHttps);
    expect(webhookUrlProblem('https://a:b@hooks.example/x', false)).toBe(CHAT_DESTINATION_MESSAGES.urlCredentials);
    expect(webhookUrlProblem({ href: 'https://x' }, false)).toBe(CHAT_DESTINATION_MESSAGES.urlInvalid);
    expect(maskWebhookUrl('https://hooks.slack.com/services/T0/B0/secretXYZ1')).toBe('hooks.slack.com …XYZ1');
  });
});
