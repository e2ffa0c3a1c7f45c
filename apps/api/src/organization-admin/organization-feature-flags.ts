import { DEFAULT_FEATURE_FLAGS, type FeatureFlag } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import { organizationFeatureFlagsView } from '@tocsin/read-models';

/** What the organization runs with: the flags it set, over the installation's defaults. */
export async function featureFlagsOf(store: ReadStore, orgId: string): Promise<Record<FeatureFlag, boolean>> {
  const doc = await organizationFeatureFlagsView.of(store, orgId);
  return { ...DEFAULT_FEATURE_FLAGS, ...doc?.flags };
}
