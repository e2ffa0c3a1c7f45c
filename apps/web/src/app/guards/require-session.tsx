import { Button, Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useMe } from '@/lib/get-me';
import { isSignedOut } from '@/lib/api-client';
import { SIGN_IN_PATH } from '@/lib/login-sync';

/** Everything but the public pages: the signed-out go to sign-in and come back here afterwards. */
export function RequireSession() {
  const me = useMe();
  const { pathname, search, hash } = useLocation();
  if (isSignedOut(me.error))
    return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${pathname}${search}${hash}` }} />;
  // A failed refetch keeps the last answer on screen; only a first load that fails has nothing to show.
  if (me.data) return <Outlet />;
  if (me.isPending) return <LoadingArea />;
  return (
    <Stack maw={600} mx="auto" py="xl">
      <ErrorAlert error={me.error} title="Could not load your account" />
      <Button onClick={() => void me.refetch()}>Try again</Button>
    </Stack>
  );
}
