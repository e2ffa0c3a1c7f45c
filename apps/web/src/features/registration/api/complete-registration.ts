import { registrationCompletePath, type CompleteRegistrationRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markLoggedIn } from '@/lib/login-sync';

export const completeRegistration = ({ id, ...body }: CompleteRegistrationRequest & { id: string }) =>
  api.post<{ data: { id: string; organization_id: string } }>(registrationCompletePath(id), body);

/** Step two signs the new owner in, so the other tabs follow as after a sign-in. */
export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration, onSuccess: markLoggedIn });
}
