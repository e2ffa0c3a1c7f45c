import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';

export const PHONE_VERIFIED_MESSAGE = 'Your phone number has been verified';
export const CODE_RESENT_MESSAGE = 'A new verification code has been sent';

/** SPEC.md section 8: a failed phone call shows the server's message as an alert toast (alternative emails do the same). */
export function toastFailure(error: unknown): void {
  showToast('error', error instanceof Error ? error.message : String(error));
}

/** The server's word on one field (e.g. 'This phone number is already added'), if it named it. */
export function fieldProblem(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const problems = error.fields?.[field];
  return problems === undefined ? undefined : [problems].flat()[0];
}
