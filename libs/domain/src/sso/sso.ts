import { DomainError } from '../shared/event';
import { FIELD_MESSAGES } from '../shared/field-rules';
import { SSO_DOMAIN_WITHOUT_TOKEN, ssoRecordMissing, type SsoDomainClaim, type SsoDomainVerifier } from './sso-domains';

/**
 * An organization's OpenID Connect single sign-on: the identity provider (issuer), the client Tocsin is
 * registered as there, and the email domains whose people sign in through it.
 */
export type SsoConfigured = {
  type: 'SsoConfigured';
  data: {
    organizationId: string;
    issuer: string;
    clientId: string;
    clientSecret: string;
    domains: string[];
    enabled: boolean;
  };
};
export type SsoDisabled = { type: 'SsoDisabled'; data: { organizationId: string } };
/** A domain claimed and waiting for its proof: `token` goes in the TXT record the owner publishes. */
export type SsoDomainAdded = {
  type: 'SsoDomainAdded';
  data: { organizationId: string; domain: string; token: string };
};
export type SsoDomainVerified = {
  type: 'SsoDomainVerified';
  data: { organizationId: string; domain: string; by: SsoDomainVerifier };
};
export type SsoDomainRemoved = { type: 'SsoDomainRemoved'; data: { organizationId: string; domain: string } };
export type SsoEvent = SsoConfigured | SsoDisabled | SsoDomainAdded | SsoDomainVerified | SsoDomainRemoved;

export interface SsoState {
  configured: boolean;
  clientSecret: string;
  data: SsoConfigured['data'] | null;
  /** Every domain of `data.domains`, with its proof: only verified ones sign anyone in. */
  domains: Record<string, SsoDomainClaim>;
}

/**
 * `clientSecret` null keeps the stored one (the API never sends it back in full). `claimedElsewhere`: the
 * domains another organization has verified (the handler looked them up). `tokens`: a fresh random token
 * per requested domain, used for the ones new to this organization.
 * VerifySsoDomain by `dns` carries the token the handler found published (null: none found).
 */
export type SsoCommand =
  | {
      type: 'ConfigureSso';
      organizationId: string;
      issuer: string;
      clientId: string;
      clientSecret: string | null;
      domains: string[];
      enabled: boolean;
      claimedElsewhere: string[];
      allowInsecureIssuer: boolean;
      tokens: Record<string, string>;
    }
  | { type: 'DisableSso'; organizationId: string }
  | {
      type: 'VerifySsoDomain';
      organizationId: string;
      domain: string;
      by: SsoDomainVerifier;
      publishedToken: string | null;
      claimedElsewhere: boolean;
    };

export const ssoStream = (organizationId: string) => `organizationSso-${organizationId}`;
export const initialSso = (): SsoState => ({ configured: false, clientSecret: '', data: null, domains: {} });

export function evolveSso(state: SsoState, event: SsoEvent): SsoState {
  switch (event.type) {
    case 'SsoConfigured': {
      // Domains configured before proofs existed come back without a token: pending until saved again.
      const domains = Object.fromEntries(
        event.data.domains.map((d) => [d, state.domains[d] ?? { token: null, verifiedBy: null }]),
      );
      return { configured: true, clientSecret: event.data.clientSecret, data: event.data, domains };
    }
    case 'SsoDisabled':
      return initialSso();
    case 'SsoDomainAdded':
      return {
        ...state,
        domains: { ...state.domains, [event.data.domain]: { token: event.data.token, verifiedBy: null } },
      };
    case 'SsoDomainVerified': {
      const claim = state.domains[event.data.domain];
      return claim
        ? { ...state, domains: { ...state.domains, [event.data.domain]: { ...claim, verifiedBy: event.data.by } } }
        : state;
    }
    case 'SsoDomainRemoved': {
      const { [event.data.domain]: _removed, ...domains } = state.domains;
      return { ...state, domains };
    }
  }
}

export const MAX_SSO_DOMAINS = 20;
export const SSO_TOO_MANY_DOMAINS = `domains must list at most ${MAX_SSO_DOMAINS} email domains`;
/** Bounds of the settings form (ours): the api refuses longer text before the decider reads it. */
export const SSO_ISSUER_MAX_LENGTH = 500;
export const SSO_CLIENT_ID_MAX_LENGTH = 300;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 500;
/** RFC 1035: a name of at most 253 characters. */
export const SSO_DOMAIN_MAX_LENGTH = 253;

const DOMAIN = new RegExp(`^(?=.{1,${SSO_DOMAIN_MAX_LENGTH}}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$`);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const invalid = (field: string, message: string) => new DomainError(message, 'invalid', { [field]: [message] });

/** `https://` only, except a local provider during development and tests (`allowInsecureIssuer`). */
function checkIssuer(raw: string, allowInsecure: boolean): string {
  const issuer = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw invalid('issuer', 'issuer must be a URL such as https://login.example.com');
  }
  const local = url.protocol === 'http:' && allowInsecure && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) throw invalid('issuer', 'issuer must start with https://');
  if (url.search || url.hash) throw invalid('issuer', 'issuer must not have a query or fragment');
  return issuer;
}

export function normalizeSsoDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))].sort();
}

export function decideSso(command: SsoCommand, state: SsoState): SsoEvent[] {
  const { organizationId } = command;
  switch (command.type) {
    case 'ConfigureSso': {
      const issuer = checkIssuer(command.issuer, command.allowInsecureIssuer);
      const clientId = command.clientId.trim();
      if (!clientId) throw invalid('client_id', FIELD_MESSAGES.required('client_id'));
      const clientSecret = command.clientSecret?.trim() || state.clientSecret;
      if (!clientSecret) throw invalid('client_secret', FIELD_MESSAGES.required('client_secret'));
      const domains = normalizeSsoDomains(command.domains);
      if (domains.length === 0)
        throw invalid('domains', 'domains must list at least one email domain, such as example.com');
      if (domains.length > MAX_SSO_DOMAINS) throw invalid('domains', SSO_TOO_MANY_DOMAINS);
      const bad = domains.find((d) => !DOMAIN.test(d));
      if (bad) throw invalid('domains', `${bad} is not an email domain such as example.com`);
      const taken = domains.find((d) => command.claimedElsewhere.includes(d));
      if (taken)
        throw new DomainError(`${taken} is already claimed by another organization's single sign-on`, 'conflict', {
          domains: [`${taken} is already claimed by another organization`],
        });
      const data = { organizationId, issuer, clientId, clientSecret, domains, enabled: command.enabled };
      const same = state.data && JSON.stringify(state.data) === JSON.stringify(data);
      const added = domains
        .filter((d) => !state.domains[d]?.token)
        .map((domain): SsoEvent => {
          const token = command.tokens[domain];
          if (!token) throw new Error(`ConfigureSso needs a token for ${domain}`);
          return { type: 'SsoDomainAdded', data: { organizationId, domain, token } };
        });
      const removed = Object.keys(state.domains)
        .filter((d) => !domains.includes(d))
        .map((domain): SsoEvent => ({ type: 'SsoDomainRemoved', data: { organizationId, domain } }));
      return [...(same ? [] : [{ type: 'SsoConfigured', data } as const]), ...added, ...removed];
    }
    case 'DisableSso':
      return state.configured ? [{ type: 'SsoDisabled', data: { organizationId } }] : [];
    case 'VerifySsoDomain':
      return decideVerification(command, state);
  }
}

function decideVerification(command: Extract<SsoCommand, { type: 'VerifySsoDomain' }>, state: SsoState): SsoEvent[] {
  const { organizationId, domain, by } = command;
  const claim = state.domains[domain];
  if (!claim)
    throw new DomainError(
      `${domain} is not one of this organization's single sign-on domains. Add it to the domains first.`,
      'not_found',
    );
  if (claim.verifiedBy) return [];
  if (command.claimedElsewhere)
    throw new DomainError(`${domain} is already verified by another organization`, 'conflict', {
      domain: [`${domain} is already verified by another organization`],
    });
  if (by === 'dns') {
    if (!claim.token) throw new DomainError(SSO_DOMAIN_WITHOUT_TOKEN, 'invalid');
    if (command.publishedToken !== claim.token) throw new DomainError(ssoRecordMissing(domain, claim.token), 'invalid');
  }
  return [{ type: 'SsoDomainVerified', data: { organizationId, domain, by } }];
}

/** The domain part of an email address, lower-cased; null when there is none. */
export function emailDomainOf(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  return at > 0
    ? email
        .trim()
        .slice(at + 1)
        .toLowerCase() || null
    : null;
}

export const SSO_DOMAIN_NOT_SET_UP = 'No single sign-on is set up for this email domain';
/** SPEC.md section 3: what a single sign-on user sees in place of the password section. */
export const SSO_ACCOUNT_NOTICE =
  'Your account is single sign-on enabled. Contact your admin for assistance with your account.';
export const SSO_PASSWORD_REFUSED = 'Your account uses single sign-on. Sign in with SSO instead.';
