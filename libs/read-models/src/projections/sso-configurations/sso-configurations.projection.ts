import type { SsoEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import {
  ssoConfigurationsView,
  type SsoConfigurationDoc,
  type SsoDomainDoc,
} from '../../sso-configurations.read-model';

const withClaims = (doc: SsoConfigurationDoc, claims: SsoDomainDoc[], at: string): SsoConfigurationDoc => ({
  ...doc,
  domainClaims: claims,
  verifiedDomains: claims.filter((c) => c.verifiedBy).map((c) => c.domain),
  updatedAt: at,
});

export const ssoConfigurationsProjection: Projection<SsoConfigurationDoc> = {
  name: ssoConfigurationsView.name,
  version: 2,
  collection: ssoConfigurationsView.collection,
  indexes: ssoConfigurationsView.indexes,
  handles: ['SsoConfigured', 'SsoDisabled', 'SsoDomainAdded', 'SsoDomainVerified', 'SsoDomainRemoved'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as SsoEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'SsoConfigured': {
        const { organizationId, issuer, clientId, clientSecret, domains, enabled } = event.data;
        const claims = domains.map(
          (domain) =>
            doc?.domainClaims.find((c) => c.domain === domain) ?? {
              domain,
              token: null,
              verifiedBy: null,
              verifiedAt: null,
            },
        );
        const base = {
          _id: organizationId,
          orgId: organizationId,
          issuer,
          clientId,
          clientSecret,
          domains,
          verifiedDomains: [],
          domainClaims: [],
          enabled,
          updatedAt: at,
        };
        return withClaims(base, claims, at);
      }
      case 'SsoDisabled':
        return null;
      case 'SsoDomainAdded': {
        const { domain, token } = event.data;
        return (
          doc &&
          withClaims(
            doc,
            [
              ...doc.domainClaims.filter((c) => c.domain !== domain),
              { domain, token, verifiedBy: null, verifiedAt: null },
            ].sort((a, b) => a.domain.localeCompare(b.domain)),
            at,
          )
        );
      }
      case 'SsoDomainVerified': {
        const { domain, by } = event.data;
        return (
          doc &&
          withClaims(
            doc,
            doc.domainClaims.map((c) => (c.domain === domain ? { ...c, verifiedBy: by, verifiedAt: at } : c)),
            at,
          )
        );
      }
      case 'SsoDomainRemoved':
        return (
          doc &&
          withClaims(
            doc,
            doc.domainClaims.filter((c) => c.domain !== event.data.domain),
            at,
          )
        );
    }
  },
};
