import { ACCOUNT_PASSWORD_API } from '@tocsin/contracts';
import type { ChangePasswordRequest } from '@tocsin/contracts';
import { passwordErrorText } from '@tocsin/domain';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export const changePassword = (body: ChangePasswordRequest) => api.put<void>(ACCOUNT_PASSWORD_API, body);

export const PASSWORD_UPDATE_FAILED = 'An error occurred updating your account.';

/**
 * SPEC.md section 8: the refusal reads field by field ('Password {list}', 'Confirmation password
 * {list}', the current password's problem first) from the 422's `fields`; anything else reads as the fallback.
 */
export function passwordFailureMessage(error: unknown): string {
  return (error instanceof ApiError && passwordErrorText(error.fields)) || PASSWORD_UPDATE_FAILED;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
