import { SESSIONS_API } from '@tocsin/contracts';
import type { SignInRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markLoggedIn } from '@/lib/login-sync';

export const signIn = (body: SignInRequest) => api.post<unknown>(SESSIONS_API, body);

/** Tells the other tabs once the session cookie is set. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: markLoggedIn });
}
