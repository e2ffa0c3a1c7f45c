import { describe, expect, it } from '@jest/globals';
import { auditActorOf, auditResourceOf } from './audit-actor';
import { REDACTED, redactEventData, seesPersonalData } from './redaction';

describe('audit redaction', () => {
  const registered = {
    userId: 'u1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    passwordHash: '$argon2id$v=19$...',
  };

  it('never shows secrets, whoever reads', () => {
    const data = {
      ...registered,
      tokenHash: 'abc',
      token: 'push-token',
      tokenHint: '…f00d',
      url: { sealed: 'xyz', digest: 'd', hint: 'hooks.slack.com/…' },
      nested: [{ signingSecret: 's', previousSecret: 'p', apiKey: 'k', codeHash: 'c' }],
      secretId: 'sec-1',
      sessionKey: 'e3b0c442...',
    };
    expect(redactEventData(data, { personal: true })).toEqual({
      ...registered,
      passwordHash: REDACTED,
      tokenHash: REDACTED,
      token: REDACTED,
      tokenHint: '…f00d',
      url: { sealed: REDACTED, digest: REDACTED, hint: 'hooks.slack.com/…' },
      nested: [{ signingSecret: REDACTED, previousSecret: REDACTED, apiKey: REDACTED, codeHash: REDACTED }],
      secretId: 'sec-1',
      sessionKey: REDACTED,
    });
  });

  it("hides personal data from non-owners: emails, phones, addresses, a person's name and number", () => {
    const data = {
      ...registered,
      previousEmail: 'old@example.com',
      added: { phoneId: 'p1', userId: 'u1', number: '+447700900123' },
      phone: { country: 'GB' },
      address: 'ops@example.com',
      alternativeEmailId: 'ae-1',
      emailVerified: true,
    };
    expect(redactEventData(data, { personal: false })).toEqual({
      userId: 'u1',
      email: REDACTED,
      name: REDACTED,
      passwordHash: REDACTED,
      previousEmail: REDACTED,
      added: { phoneId: 'p1', userId: 'u1', number: REDACTED },
      phone: REDACTED,
      address: REDACTED,
      alternativeEmailId: 'ae-1',
      emailVerified: true,
    });
  });

  it("keeps a team's name and an incident's number: not a person's", () => {
    const team = { teamId: 't1', name: 'Payments' };
    const incident = { incidentId: 'i1', number: 42, name: 'Checkout down' };
    expect(redactEventData(team, { personal: false })).toEqual(team);
    expect(redactEventData(incident, { personal: false })).toEqual(incident);
  });

  it('shows personal data to owners only', () => {
    expect(['owner', 'member', 'collaborator', 'viewer', null].map(seesPersonalData)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('audit actor and resource', () => {
  it('tells a person, a key, a link and the system apart from the metadata', () => {
    expect(auditActorOf({ actorId: 'u1', via: 'web' })).toEqual({ kind: 'person', id: 'u1' });
    expect(auditActorOf({ actorId: 'u1' })).toEqual({ kind: 'person', id: 'u1' });
    expect(auditActorOf({ actorId: 'u1', via: 'link' })).toEqual({ kind: 'link', id: 'u1' });
    expect(auditActorOf({ actorId: 'u1', via: 'sms_reply' })).toEqual({ kind: 'link', id: 'u1' });
    expect(auditActorOf({ actorId: 'key-1', via: 'key' })).toEqual({ kind: 'key', id: 'key-1' });
    expect(auditActorOf({ actorId: null })).toEqual({ kind: 'system', id: null });
  });

  it('splits a stream into kind and id, ids keeping their dashes', () => {
    expect(auditResourceOf('alert-src1-abc')).toEqual({ kind: 'alert', id: 'src1-abc' });
    expect(auditResourceOf('organizations')).toEqual({ kind: 'organizations', id: '' });
  });
});
