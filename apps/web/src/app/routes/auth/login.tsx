import { Anchor } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useMe } from '@/features/auth/api/get-me';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { homePath } from '../../home-path';

/** `/`, `/sessions/new` and `/sessions/sso/new`; someone already signed in goes straight in. */
export function LoginRoute() {
  const me = useMe();
  const from: unknown = useLocation().state?.from;
  if (me.isPending) return <LoadingArea />;
  if (me.data) return <Navigate to={typeof from === 'string' ? from : homePath(me.data)} replace />;
  return (
    <AuthCard
      title="Sign in to your account"
      footer={
        <>
          New to Tocsin? <Anchor component={Link} to="/registrations/new">Create an account</Anchor>
        </>
      }
    >
      <LoginForm next={typeof from === 'string' ? from : '/'} />
    </AuthCard>
  );
}
