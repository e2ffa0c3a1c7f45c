import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import { decideSso, emailDomainOf, evolveSso, initialSso, type SsoCommand, type SsoEvent, type SsoState } from './sso';

const sso = deciderSpec<SsoState, SsoCommand, SsoEvent>({ initial: initialSso, evolve: evolveSso, decide: decideSso });
const field = (name: string) => (error: unknown) => expect(Object.keys((error as DomainError).fields ?? {})).toEqual([name]);
const configure = (over: Partial<Extract<SsoCommand, { type: 'ConfigureSso' }>> = {}): SsoCommand => ({
  type: 'ConfigureSso', organizationId: 'o', issuer: 'https://idp.example.com/', clientId: 'tocsin', clientSecret: 's3cret',
  domains: ['Example.com', '@example.com'], enabled: true, claimedElsewhere: [], allowInsecureIssuer: false, ...over,
});
const configured: SsoEvent = {
  type: 'SsoConfigured',
  data: { organizationId: 'o', issuer: 'https://idp.example.com', clientId: 'tocsin', clientSecret: 's3cret', domains: ['example.com'], enabled: true },
};

describe('single sign-on decider', () => {
  it('configures with a normalized issuer and domains', () => {
    sso.given([]).when(configure()).then([configured]);
  });

  it('keeps the stored secret when none is sent, and changes nothing when nothing changed', () => {
    sso.given([configured]).when(configure({ clientSecret: null })).thenNothingHappened();
    sso.given([]).when(configure({ clientSecret: null })).thenThrows(field('client_secret'));
  });

  it('refuses bad input with the field at fault', () => {
    sso.given([]).when(configure({ issuer: 'not a url' })).thenThrows(field('issuer'));
    sso.given([]).when(configure({ issuer: 'http://idp.example.com' })).thenThrows(field('issuer'));
    sso.given([]).when(configure({ issuer: 'http://127.0.0.1:4000', allowInsecureIssuer: false })).thenThrows(field('issuer'));
    sso.given([]).when(configure({ clientId: ' ' })).thenThrows(field('client_id'));
    sso.given([]).when(configure({ domains: [] })).thenThrows(field('domains'));
    sso.given([]).when(configure({ domains: ['not a domain'] })).thenThrows(field('domains'));
  });

  it('allows a local http issuer only when told (development and tests)', () => {
    sso.given([]).when(configure({ issuer: 'http://127.0.0.1:4000', allowInsecureIssuer: true }))
      .then([{ ...configured, data: { ...configured.data, issuer: 'http://127.0.0.1:4000' } }]);
  });

  it('refuses a domain another organization claims', () => {
    sso.given([]).when(configure({ claimedElsewhere: ['example.com'] })).thenThrows((error) => expect((error as DomainError).code).toBe('conflict'));
  });

  it('disables once, then nothing happens', () => {
    sso.given([configured]).when({ type: 'DisableSso', organizationId: 'o' }).then([{ type: 'SsoDisabled', data: { organizationId: 'o' } }]);
    sso.given([]).when({ type: 'DisableSso', organizationId: 'o' }).thenNothingHappened();
  });

  it('reads the domain of an address', () => {
    expect(emailDomainOf(' Ann@Example.COM ')).toBe('example.com');
    expect(emailDomainOf('nobody')).toBeNull();
  });
});
