export const ONBOARDING_API = '/internal_api/v1/onboarding';
export const ONBOARDING_TASKS_API = `${ONBOARDING_API}/tasks`;
export const onboardingTaskCompletePath = (slug: string) =>
  `${ONBOARDING_TASKS_API}/${encodeURIComponent(slug)}/complete`;
export const ONBOARDING_DISMISS_API = `${ONBOARDING_API}/dismiss`;
export const ONBOARDING_INTEGRATIONS_STATUS_API = `${ONBOARDING_API}/integrations_status`;
export const ONBOARDING_SELECT_INTEGRATION_API = `${ONBOARDING_API}/select_integration`;
