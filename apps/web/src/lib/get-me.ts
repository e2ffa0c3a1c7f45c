import { ME_API } from '@tocsin/contracts';
import type { MeResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, hasSessionCookie, isSignedOut, signedOutError } from '@/lib/api-client';

export type Me = MeResponse['data'];
export const meQueryKey = ['me'] as const;

/** Signed out without a session cookie: every public page would otherwise log a 401 for /me. */
export const getMe = async ({ signal }: { signal?: AbortSignal } = {}): Promise<Me> => {
  if (!hasSessionCookie()) throw signedOutError();
  return (await api.get<MeResponse>(ME_API, { signal })).data;
};

/** Who is signed in. A 401 is an answer (signed out), not a failure worth retrying. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: getMe,
    retry: (failures, error) => !isSignedOut(error) && failures < 1,
    // The sign-in page mounts right after the guard learned "signed out": no need to ask again.
    retryOnMount: false,
    staleTime: 60_000,
  });
}

/** Inside the signed-in area (RequireSession has loaded it): the current user, never undefined. */
export function useCurrentUser(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useCurrentUser outside RequireSession');
  return data;
}
