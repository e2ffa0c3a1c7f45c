import { api } from '@/lib/api-client';

/** SPEC.md section 7: POST /internal_api/v1/onboarding/tasks/{slug}/complete. */
export const completeOnboardingTask = (slug: string) => api.post<unknown>(`/internal_api/v1/onboarding/tasks/${encodeURIComponent(slug)}/complete`, undefined);
