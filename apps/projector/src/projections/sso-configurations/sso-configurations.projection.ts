import type { SsoEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/** One document per organization with single sign-on set up; sign-in finds it by an email's domain. */
export interface SsoConfigurationDoc extends ViewDocument {
  orgId: string;
  issuer: string;
  clientId: string;
  /** Needed to redeem codes at the provider; the API shows only its last characters. */
  clientSecret: string;
  domains: string[];
  enabled: boolean;
  updatedAt: string;
}

export const ssoConfigurationsProjection: Projection<SsoConfigurationDoc> = {
  name: 'ssoConfigurations',
  version: 1,
  collection: 'ssoConfigurations',
  handles: ['SsoConfigured', 'SsoDisabled'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(_doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as SsoEvent;
    switch (event.type) {
      case 'SsoConfigured': {
        const { organizationId, issuer, clientId, clientSecret, domains, enabled } = event.data;
        return { _id: organizationId, orgId: organizationId, issuer, clientId, clientSecret, domains, enabled, updatedAt: recorded.metadata.occurredAt };
      }
      case 'SsoDisabled':
        return null;
    }
  },
};
