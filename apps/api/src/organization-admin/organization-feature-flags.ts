import { DEFAULT_FEATURE_FLAGS, type FeatureFlag } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import { organizationFeatureFlagsProjection, type OrganizationFeatureFlagsDoc } from '@tocsin/projector';

/** What the organization runs with: the flags it set, over the installation's defaults. */
export async function featureFlagsOf(store: ReadStore, orgId: string): Promise<Record<FeatureFlag, boolean>> {
  const doc = await store.findOne<OrganizationFeatureFlagsDoc>(organizationFeatureFlagsProjection.collection, { _id: orgId });
  return { ...DEFAULT_FEATURE_FLAGS, ...doc?.flags };
}
