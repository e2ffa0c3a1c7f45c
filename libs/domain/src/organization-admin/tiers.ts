/** Account tiers and the entitlements they carry (SPEC.md sections 3, 6 and 8). */
export const TIERS = ['essentials', 'free', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const ENTITLEMENTS = ['runbooks', 'service_limit', 'imports'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/** The counted entitlements; `imports` is on or off, not counted. */
export type QuotaName = Extract<Entitlement, 'runbooks' | 'service_limit'>;
export const QUOTA_NAMES: readonly QuotaName[] = ['runbooks', 'service_limit'];
export const isQuotaName = (value: string): value is QuotaName => (QUOTA_NAMES as readonly string[]).includes(value);
/** The highest limit an operator may set for one organization. */
export const MAX_QUOTA_LIMIT = 100_000;

/** How many of each a tier may create; null means unlimited. */
export const QUOTAS: Record<Tier, Record<QuotaName, number | null>> = {
  free: { runbooks: 5, service_limit: 10 },
  essentials: { runbooks: 25, service_limit: 50 },
  enterprise: { runbooks: null, service_limit: null },
};

/** The word the limit modal uses for what is counted. */
const QUOTA_NOUNS: Record<QuotaName, string> = { runbooks: 'runbooks', service_limit: 'services' };

/** SPEC.md section 3, "Quota entitlement" and "Runbooks usage quota", for one tier and what is already used. */
export interface QuotaEntitlement {
  name: string;
  slug: QuotaName;
  tier: Tier;
  maximum: number | null;
  available: boolean;
}

/** `limit` is an operator's limit for this organization, in place of the tier's (see QuotaLimitSet). */
export function quotaEntitlement(tier: Tier, name: QuotaName, used: number, limit?: number | null): QuotaEntitlement {
  const maximum = limit ?? QUOTAS[tier][name];
  return { name: QUOTA_NOUNS[name], slug: name, tier, maximum, available: maximum === null || used < maximum };
}

/** SPEC.md section 8, the quota modal, word for word. */
export function quotaModalText(n: number, name: string, tier: Tier): string {
  return `Oh no! You've reached the limit! You can only create ${n} ${name} on a ${tier} plan. Reach out to the owner of the account to upgrade your plan.`;
}
