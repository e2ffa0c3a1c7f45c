import { evolveOnboarding, initialOnboarding, type OnboardingEvent, type OnboardingState } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/**
 * GET /internal_api/v1/onboarding/*, and onboarding_complete in /api/v1/me: one document per organization,
 * the decider's own state, so the checklist and the rule "complete" read exactly what the decider decides on.
 */
export type OnboardingDoc = ViewDocument & OnboardingState & { orgId: string; updated_at: string };

export const onboardingProjection: Projection<OnboardingDoc> = {
  name: 'onboarding',
  version: 1,
  collection: 'onboarding',
  handles: ['OnboardingTaskCompleted', 'OnboardingDismissed', 'IntegrationSelected'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OnboardingEvent;
    const { organizationId } = event.data;
    const state = evolveOnboarding(doc ?? initialOnboarding(), event);
    const { dismissed, completed, completedByUser, integration } = state;
    return { _id: organizationId, orgId: organizationId, dismissed, completed, completedByUser, integration, updated_at: recorded.metadata.occurredAt };
  },
};
