/**
 * Proof that an organization owns an email domain before its single sign-on may claim that domain's people
 * (ARCHITECTURE.md, security rules): a DNS TXT record holding a token made for that organization and domain,
 * the practice of Slack, Atlassian and Google Workspace. An operator may vouch instead when DNS cannot be used.
 */
export const SSO_DOMAIN_VERIFIERS = ['dns', 'operator'] as const;
export type SsoDomainVerifier = (typeof SSO_DOMAIN_VERIFIERS)[number];

/** One claimed domain as the organization's stream knows it; `token` null: claimed before proofs existed. */
export interface SsoDomainClaim {
  token: string | null;
  verifiedBy: SsoDomainVerifier | null;
}

export const SSO_TXT_PREFIX = '_tocsin-challenge';
export const SSO_TXT_VALUE_PREFIX = 'tocsin-domain-verification=';

/** The record an owner publishes: its name and its value. */
export function ssoDomainRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `${SSO_TXT_PREFIX}.${domain}`, value: `${SSO_TXT_VALUE_PREFIX}${token}` };
}

/** Whether the TXT answers (each record a list of strings, joined as RFC 7208 says) hold the token's value. */
export function txtProvesToken(records: string[][], token: string): boolean {
  const expected = `${SSO_TXT_VALUE_PREFIX}${token}`;
  return records.some((chunks) => chunks.join('').trim() === expected);
}

/** What an owner reads when the record is missing: which record, and what to publish. */
export function ssoRecordMissing(domain: string, token: string): string {
  const { name, value } = ssoDomainRecord(domain, token);
  return `No TXT record ${value} was found at ${name}. Publish it with your DNS provider, wait a few minutes for it to spread, then verify again.`;
}

export const SSO_DOMAIN_WITHOUT_TOKEN =
  'This domain was added before domain verification existed. Save the single sign-on settings again to get its TXT record.';
export const SSO_OPERATOR_REFUSED =
  "Tocsin operators sign in with their password, not through an organization's single sign-on.";
export const SSO_LINK_FIRST =
  'An account with this email already exists. Sign in with your password first, then continue with single sign-on from that session to link it.';
/** `/sessions/sso/new` with this query parameter, signed in: the link step (the person proved who they are). */
export const SSO_LINK_PARAM = 'link';
