import { Inject, Injectable } from '@nestjs/common';
import type { OnboardingIntegrationsStatusResponse, OnboardingTasksResponse } from '@tocsin/contracts';
import {
  initialOnboarding,
  isOnboardingComplete,
  ONBOARDING_INTEGRATIONS,
  onboardingProgress,
  type OnboardingState,
} from '@tocsin/domain';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { onboardingView } from '@tocsin/read-models';
import { deterministicId } from '../shared/event-sourced';

/** The organization's onboarding as folded by the view; an organization that never started has the initial state. */
export async function onboardingStateOf(store: ReadStore, orgId: string): Promise<OnboardingState> {
  return (await onboardingView.of(store, orgId)) ?? initialOnboarding();
}

/** User metadata onboarding_complete, for /api/v1/me. */
export async function onboardingCompleteOf(store: ReadStore, orgId: string, userId: string): Promise<boolean> {
  return isOnboardingComplete(await onboardingStateOf(store, orgId), userId);
}

@Injectable()
export class OnboardingQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async tasks(orgId: string, userId: string): Promise<OnboardingTasksResponse> {
    const state = await onboardingStateOf(this.readStore, orgId);
    const tasks = onboardingProgress(state, userId).map(({ slug, scope, complete }) => ({
      // stable per organization (and per person for their own tasks), so the web can key on it
      id: deterministicId(['onboarding-task', orgId, slug, ...(scope === 'user' ? [userId] : [])].join('/')),
      slug,
      complete,
      scope,
    }));
    return { data: { tasks, onboarding_complete: isOnboardingComplete(state, userId), dismissed: state.dismissed } };
  }

  async integrations(orgId: string): Promise<OnboardingIntegrationsStatusResponse> {
    const { integration } = await onboardingStateOf(this.readStore, orgId);
    return {
      data: {
        selected_integration: integration,
        integrations: ONBOARDING_INTEGRATIONS.map(({ slug, name }) => ({
          slug,
          name,
          selected: slug === integration,
          connected: false,
        })),
      },
    };
  }
}
