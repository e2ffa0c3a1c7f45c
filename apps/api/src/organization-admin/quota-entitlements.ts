import { NotFoundException } from '@nestjs/common';
import { quotaEntitlement, type QuotaEntitlement, type QuotaName, type Tier } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import { organizationsView } from '@tocsin/read-models';

/** What the organization may still create of one counted thing: its tier's limit, or an operator's in its place. */
export async function quotaEntitlementOf(store: ReadStore, orgId: string, name: QuotaName): Promise<QuotaEntitlement> {
  const organization = await organizationsView.byId(store, orgId);
  if (!organization) throw new NotFoundException({ error: 'not_found', message: 'Organization not found' });
  // Nothing counted is built yet (runbooks, services): usage is 0 until those areas record it.
  const used = 0;
  return quotaEntitlement(organization.tier as Tier, name, used, organization.quotaLimits?.[name]);
}
