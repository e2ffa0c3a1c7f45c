import { ViewNames } from '@tocsin/contracts';
import type { OnboardingState } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * GET /internal_api/v1/onboarding/*, and onboarding_complete in /api/v1/me: one document per organization,
 * the decider's own state, so the checklist and the rule "complete" read exactly what the decider decides on.
 */
export type OnboardingDoc = ViewDocument & OnboardingState & { orgId: string; updated_at: string };

const model = readModel<OnboardingDoc>({ name: ViewNames.onboarding, collection: 'onboarding' });

export const onboardingView = {
  ...model,
  of: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId }),
};
