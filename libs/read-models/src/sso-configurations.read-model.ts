import { ViewNames } from '@tocsin/contracts';
import type { SsoDomainVerifier } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

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

const model = readModel<SsoConfigurationDoc>({
  name: ViewNames.ssoConfigurations,
  collection: 'ssoConfigurations',
  indexes: [{ keys: { verifiedDomains: 1, enabled: 1 } }],
});

export const ssoConfigurationsView = {
  ...model,
  of: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId }),
  /** The organization's configuration when single sign-on is on. */
  enabledOf: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId, enabled: true }),
  /** The configuration signing in emails of `domain`: on, with the domain proven (of `orgId` only, when given). */
  signingIn: (reader: ViewReader, domain: string, orgId?: string) =>
    model.findOne(reader, { ...(orgId !== undefined && { _id: orgId }), enabled: true, verifiedDomains: domain }),
  /** Other organizations that proved any of `domains`. */
  othersVerifying: (reader: ViewReader, orgId: string, domains: readonly string[]) =>
    model.find(reader, { _id: { $ne: orgId }, verifiedDomains: { $in: [...domains] } }),
};
