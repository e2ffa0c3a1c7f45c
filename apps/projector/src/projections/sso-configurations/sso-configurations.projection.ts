import type { SsoDomainVerifier, SsoEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/** One claimed domain; `token` null: claimed before proofs existed (pending until the owner saves again). */
export interface SsoDomainDoc {
  domain: string;
  token: string | null;
  verifiedBy: SsoDomainVerifier | null;
  verifiedAt: string | null;
}

/** One document per organization with single sign-on set up; sign-in finds it by an email's verified domain. */
export interface SsoConfigurationDoc extends ViewDocument {
  orgId: string;
  issuer: string;
  clientId: string;
  /** Needed to redeem codes at the provider; the API shows only its last characters. */
  clientSecret: string;
  /** Every domain the owner listed, verified or pending. */
  domains: string[];
  /** Only these sign anyone in (ARCHITECTURE.md, security rules: a claim counts once proven). */
  verifiedDomains: string[];
  domainClaims: SsoDomainDoc[];
  enabled: boolean;
  updatedAt: string;
}

const withClaims = (doc: SsoConfigurationDoc, claims: SsoDomainDoc[], at: string): SsoConfigurationDoc => ({
  ...doc, domainClaims: claims, verifiedDomains: claims.filter((c) => c.verifiedBy).map((c) => c.domain), updatedAt: at,
});

export const ssoConfigurationsProjection: Projection<SsoConfigurationDoc> = {
  name: 'ssoConfigurations',
  version: 2,
  collection: 'ssoConfigurations',
  handles: ['SsoConfigured', 'SsoDisabled', 'SsoDomainAdded', 'SsoDomainVerified', 'SsoDomainRemoved'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as SsoEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'SsoConfigured': {
        const { organizationId, issuer, clientId, clientSecret, domains, enabled } = event.data;
        const claims = domains.map((domain) => doc?.domainClaims.find((c) => c.domain === domain) ?? { domain, token: null, verifiedBy: null, verifiedAt: null });
        const base = { _id: organizationId, orgId: organizationId, issuer, clientId, clientSecret, domains, verifiedDomains: [], domainClaims: [], enabled, updatedAt: at };
        return withClaims(base, claims, at);
      }
      case 'SsoDisabled':
        return null;
      case 'SsoDomainAdded': {
        const { domain, token } = event.data;
        return doc && withClaims(doc, [...doc.domainClaims.filter((c) => c.domain !== domain), { domain, token, verifiedBy: null, verifiedAt: null }].sort((a, b) => a.domain.localeCompare(b.domain)), at);
      }
      case 'SsoDomainVerified': {
        const { domain, by } = event.data;
        return doc && withClaims(doc, doc.domainClaims.map((c) => (c.domain === domain ? { ...c, verifiedBy: by, verifiedAt: at } : c)), at);
      }
      case 'SsoDomainRemoved':
        return doc && withClaims(doc, doc.domainClaims.filter((c) => c.domain !== event.data.domain), at);
    }
  },
};
