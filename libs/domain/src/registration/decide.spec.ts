import { DomainError } from '../shared/event';
import { decideRegistration, registrationLinkProblem, REGISTRATION_LINK_MESSAGES } from './decide';
import type { RegistrationEvent } from './events';
import { evolveRegistration, initialRegistration, type RegistrationState } from './state';

const start = {
  type: 'StartRegistration' as const,
  registrationId: 'r1',
  email: ' Ada@Example.COM ',
  name: ' Ada ',
  tokenHash: 'h1',
  expiresAt: '2030-01-02T00:00:00.000Z',
};
const fold = (events: RegistrationEvent[]): RegistrationState =>
  events.reduce(evolveRegistration, initialRegistration());
const started = () => fold(decideRegistration(start, initialRegistration()));
const complete = (now: string, tokenHash = 'h1') => ({
  type: 'CompleteRegistration' as const,
  registrationId: 'r1',
  tokenHash,
  userId: 'u1',
  organizationId: 'o1',
  now,
});

describe('registration', () => {
  it('starts with the address normalized and the name trimmed', () => {
    expect(decideRegistration(start, initialRegistration())).toEqual([
      {
        type: 'RegistrationStarted',
        data: {
          registrationId: 'r1',
          email: 'ada@example.com',
          name: 'Ada',
          tokenHash: 'h1',
          expiresAt: '2030-01-02T00:00:00.000Z',
        },
      },
    ]);
    expect(() => decideRegistration(start, started())).toThrow(DomainError);
  });

  it('completes once, with the right token, before the link expires', () => {
    const events = decideRegistration(complete('2030-01-01T23:59:59.000Z'), started());
    expect(events).toEqual([
      { type: 'RegistrationCompleted', data: { registrationId: 'r1', userId: 'u1', organizationId: 'o1' } },
    ]);
    const done = fold([...decideRegistration(start, initialRegistration()), ...events]);
    expect(() => decideRegistration(complete('2030-01-01T23:59:59.000Z'), done)).toThrow(
      REGISTRATION_LINK_MESSAGES.used,
    );
  });

  it('names the problem of a link: unknown or wrong token says only invalid', () => {
    expect(registrationLinkProblem(initialRegistration(), 'h1', '2030-01-01T00:00:00.000Z')).toBe('invalid');
    expect(registrationLinkProblem(started(), 'other', '2030-01-01T00:00:00.000Z')).toBe('invalid');
    expect(registrationLinkProblem(started(), 'h1', '2030-01-02T00:00:00.000Z')).toBe('expired');
    expect(registrationLinkProblem(started(), 'h1', '2030-01-01T00:00:00.000Z')).toBeNull();
    expect(() => decideRegistration(complete('2030-01-03T00:00:00.000Z'), started())).toThrow(
      REGISTRATION_LINK_MESSAGES.expired,
    );
    expect(() => decideRegistration(complete('2030-01-01T00:00:00.000Z', 'other'), started())).toThrow(
      REGISTRATION_LINK_MESSAGES.invalid,
    );
  });
});
