import { SESSIONS_API } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, isSignedOut } from '@/lib/api-client';
import { markLoggedOut, SIGN_IN_PATH } from '@/lib/login-sync';

/** A session that is already gone (401) is as signed out as one just ended. */
export async function signOut(): Promise<void> {
  try {
    await api.delete<unknown>(SESSIONS_API);
  } catch (error) {
    if (!isSignedOut(error)) throw error;
  }
}

/**
 * Signs out here and in every other tab, then starts this tab afresh: a full load drops the cached
 * data and the socket of the old session.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      markLoggedOut();
      window.location.assign(SIGN_IN_PATH);
    },
  });
}
