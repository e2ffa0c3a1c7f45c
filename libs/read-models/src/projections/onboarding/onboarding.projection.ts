import { evolveOnboarding, initialOnboarding, type OnboardingEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { onboardingView, type OnboardingDoc } from '../../onboarding.read-model';

export const onboardingProjection: Projection<OnboardingDoc> = {
  name: onboardingView.name,
  version: 1,
  collection: onboardingView.collection,
  indexes: onboardingView.indexes,
  handles: ['OnboardingTaskCompleted', 'OnboardingDismissed', 'IntegrationSelected'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OnboardingEvent;
    const { organizationId } = event.data;
    const state = evolveOnboarding(doc ?? initialOnboarding(), event);
    const { dismissed, completed, completedByUser, integration } = state;
    return {
      _id: organizationId,
      orgId: organizationId,
      dismissed,
      completed,
      completedByUser,
      integration,
      updated_at: recorded.metadata.occurredAt,
    };
  },
};
