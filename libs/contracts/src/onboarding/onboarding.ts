import type { OnboardingIntegration, OnboardingTaskScope, OnboardingTaskSlug } from '@tocsin/domain';

/** SPEC.md section 3 "Onboarding task: id, slug, complete"; scope says whether it is each person's own or the organization's. */
export interface OnboardingTaskView {
  id: string;
  slug: OnboardingTaskSlug;
  complete: boolean;
  scope: OnboardingTaskScope;
}

/** GET /internal_api/v1/onboarding/tasks (the web reads data.tasks). */
export interface OnboardingTasksResponse {
  data: {
    tasks: OnboardingTaskView[];
    /** Dismissed, or every task done: the same value as onboarding_complete in /api/v1/me. */
    onboarding_complete: boolean;
    dismissed: boolean;
  };
}

/** PUT /internal_api/v1/onboarding/select_integration */
export interface SelectIntegrationRequest {
  integration: OnboardingIntegration;
}

export interface OnboardingIntegrationStatus {
  slug: OnboardingIntegration;
  name: string;
  selected: boolean;
  /** No integration connections exist in Tocsin yet: always false until they do. */
  connected: boolean;
}

/** GET /internal_api/v1/onboarding/integrations_status (and the answer of select_integration). */
export interface OnboardingIntegrationsStatusResponse {
  data: {
    selected_integration: OnboardingIntegration | null;
    integrations: OnboardingIntegrationStatus[];
  };
}
