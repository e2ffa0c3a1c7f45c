import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { meQueryKey } from '@/lib/get-me';
import { followLoginChanges, markLoggedIn, markLoggedOut, SIGN_IN_PATH } from '@/lib/login-sync';

/**
 * SPEC.md section 4: follows sign-ins and sign-outs made in other tabs, and the `logged_in` /
 * `logged_out` query parameters a server-side flow (single sign-on) returns with.
 */
export function LoginStateSync() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => followLoginChanges(), []);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.has('logged_out')) {
      markLoggedOut();
      queryClient.clear();
      navigate(SIGN_IN_PATH, { replace: true });
    } else if (params.has('logged_in')) {
      markLoggedIn();
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      params.delete('logged_in');
      const rest = params.toString();
      navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    }
  }, [pathname, search, hash, navigate, queryClient]);

  return null;
}
