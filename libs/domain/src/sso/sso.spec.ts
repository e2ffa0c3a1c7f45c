import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import { decideSso, emailDomainOf, evolveSso, initialSso, type SsoCommand, type SsoEvent, type SsoState } from './sso';

const sso = deciderSpec<SsoState, SsoCommand, SsoEvent>({ initial: initialSso, evolve: evolveSso, decide: decideSso });
const field = (name: string) => (error: unknown) =>
  expect(Object.keys((error as DomainError).fields ?? {})).toEqual([name]);
const configure = (over: Partial<Extract<SsoCommand, { type: 'ConfigureSso' }>> = {}): SsoCommand => ({
  type: 'ConfigureSso',
  organizationId: 'o',
  issuer: 'https://idp.example.com/',
  clientId: 'tocsin',
  clientSecret: 's3cret',
  domains: ['Example.com', '@example.com'],
  enabled: true,
  claimedElsewhere: [],
  allowInsecureIssuer: false,
  tokens: { 'example.com': 't1', 'other.example': 't2' },
  ...over,
});
const configured: SsoEvent = {
  type: 'SsoConfigured',
  data: {
    organizationId: 'o',
    issuer: 'https://idp.example.com',
    clientId: 'tocsin',
    clientSecret: 's3cret',
    domains: ['example.com'],
    enabled: true,
  },
};

const added: SsoEvent = { type: 'SsoDomainAdded', data: { organizationId: 'o', domain: 'example.com', token: 't1' } };
const verified = (by: 'dns' | 'operator'): SsoEvent => ({
  type: 'SsoDomainVerified',
  data: { organizationId: 'o', domain: 'example.com', by },
});

describe('single sign-on decider', () => {
  it('configures with a normalized issuer and domains, each domain pending with its own token', () => {
    sso.given([]).when(configure()).then([configured, added]);
  });

  it('keeps the stored secret when none is sent, and changes nothing when nothing changed', () => {
    sso
      .given([configured, added])
      .when(configure({ clientSecret: null }))
      .thenNothingHappened();
    sso
      .given([])
      .when(configure({ clientSecret: null }))
      .thenThrows(field('client_secret'));
  });

  it('refuses bad input with the field at fault', () => {
    sso
      .given([])
      .when(configure({ issuer: 'not a url' }))
      .thenThrows(field('issuer'));
    sso
      .given([])
      .when(configure({ issuer: 'http://idp.example.com' }))
      .thenThrows(field('issuer'));
    sso
      .given([])
      .when(configure({ issuer: 'http://127.0.0.1:4000', allowInsecureIssuer: false }))
      .thenThrows(field('issuer'));
    sso
      .given([])
      .when(configure({ clientId: ' ' }))
      .thenThrows(field('client_id'));
    sso
      .given([])
      .when(configure({ domains: [] }))
      .thenThrows(field('domains'));
    sso
      .given([])
      .when(configure({ domains: ['not a domain'] }))
      .thenThrows(field('domains'));
  });

  it('allows a local http issuer only when told (development and tests)', () => {
    sso
      .given([])
      .when(configure({ issuer: 'http://127.0.0.1:4000', allowInsecureIssuer: true }))
      .then([{ ...configured, data: { ...configured.data, issuer: 'http://127.0.0.1:4000' } }, added]);
  });

  it('gives a domain configured before proofs existed a token on the next save, and forgets removed domains', () => {
    sso
      .given([configured])
      .when(configure({ clientSecret: null }))
      .then([added]);
    const both = { ...configured, data: { ...configured.data, domains: ['example.com', 'other.example'] } };
    sso
      .given([configured, added])
      .when(configure({ domains: ['other.example'] }))
      .then([
        { ...configured, data: { ...configured.data, domains: ['other.example'] } },
        { type: 'SsoDomainAdded', data: { organizationId: 'o', domain: 'other.example', token: 't2' } },
        { type: 'SsoDomainRemoved', data: { organizationId: 'o', domain: 'example.com' } },
      ]);
    // Already verified: saving again keeps the proof and the token.
    sso
      .given([configured, added, verified('dns')])
      .when(configure({ domains: ['example.com', 'other.example'] }))
      .then([both, { type: 'SsoDomainAdded', data: { organizationId: 'o', domain: 'other.example', token: 't2' } }]);
  });

  it('verifies a domain only with its own token published, or by an operator', () => {
    const verify = (over: Partial<Extract<SsoCommand, { type: 'VerifySsoDomain' }>> = {}): SsoCommand => ({
      type: 'VerifySsoDomain',
      organizationId: 'o',
      domain: 'example.com',
      by: 'dns',
      publishedToken: 't1',
      claimedElsewhere: false,
      ...over,
    });
    sso
      .given([configured, added])
      .when(verify())
      .then([verified('dns')]);
    sso
      .given([configured, added])
      .when(verify({ publishedToken: 'someone-elses' }))
      .thenThrows((error) => expect((error as Error).message).toMatch(/_tocsin-challenge\.example\.com/));
    sso
      .given([configured, added])
      .when(verify({ publishedToken: null }))
      .thenThrows((error) => expect((error as Error).message).toContain('tocsin-domain-verification=t1'));
    sso
      .given([configured])
      .when(verify())
      .thenThrows((error) => expect((error as DomainError).message).toMatch(/Save the single sign-on settings again/));
    sso
      .given([configured, added])
      .when(verify({ by: 'operator', publishedToken: null }))
      .then([verified('operator')]);
    sso
      .given([configured, added, verified('dns')])
      .when(verify())
      .thenNothingHappened();
    sso
      .given([configured, added])
      .when(verify({ claimedElsewhere: true }))
      .thenThrows((error) => expect((error as DomainError).code).toBe('conflict'));
    sso
      .given([configured, added])
      .when(verify({ domain: 'not-ours.example' }))
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
    sso
      .given([configured, added, { type: 'SsoDisabled', data: { organizationId: 'o' } }])
      .when(verify())
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
  });

  it('refuses a domain another organization claims', () => {
    sso
      .given([])
      .when(configure({ claimedElsewhere: ['example.com'] }))
      .thenThrows((error) => expect((error as DomainError).code).toBe('conflict'));
  });

  it('disables once, then nothing happens', () => {
    sso
      .given([configured, added])
      .when({ type: 'DisableSso', organizationId: 'o' })
      .then([{ type: 'SsoDisabled', data: { organizationId: 'o' } }]);
    sso.given([]).when({ type: 'DisableSso', organizationId: 'o' }).thenNothingHappened();
  });

  it('reads the domain of an address', () => {
    expect(emailDomainOf(' Ann@Example.COM ')).toBe('example.com');
    expect(emailDomainOf('nobody')).toBeNull();
  });
});
