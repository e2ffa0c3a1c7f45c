import { Anchor } from '@mantine/core';
import { SSO_ERROR_PARAM } from '@tocsin/contracts';
import { SSO_LINK_PARAM } from '@tocsin/domain';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useMe } from '@/lib/get-me';
import { AuthCard } from '@/components/ui/auth-card';
import { LoginForm } from '@/features/sessions/components/login-form';
import { SsoSignInForm } from '@/features/sso/components/sso-sign-in-form';
import { homePath } from '../../home-path';

/** `/`, `/sessions/new` and `/sessions/sso/new`; someone already signed in goes straight in. */
export function LoginRoute() {
  const me = useMe();
  const location = useLocation();
  const from: unknown = location.state?.from;
  const sso = location.pathname === '/sessions/sso/new';
  if (me.isPending) return <LoadingArea />;
  // The link step: signed in with their password, the person now proves the same email through the provider.
  if (me.data && sso && new URLSearchParams(location.search).has(SSO_LINK_PARAM)) {
    return (
      <AuthCard
        title="Link single sign-on"
        footer={
          <Anchor component={Link} to={homePath(me.data)}>
            Not now
          </Anchor>
        }
      >
        <SsoSignInForm failure={null} email={me.data.user.email} />
      </AuthCard>
    );
  }
  if (me.data) return <Navigate to={typeof from === 'string' ? from : homePath(me.data)} replace />;
  return (
    <AuthCard
      title={sso ? 'Sign in with SSO' : 'Sign in to your account'}
      footer={
        <>
          New to Tocsin?{' '}
          <Anchor component={Link} to="/registrations/new">
            Create an account
          </Anchor>
          {!sso && (
            <>
              {' '}
              ·{' '}
              <Anchor component={Link} to="/sessions/sso/new">
                Sign in with SSO
              </Anchor>
            </>
          )}
        </>
      }
    >
      {sso ? (
        <SsoSignInForm failure={new URLSearchParams(location.search).get(SSO_ERROR_PARAM)} />
      ) : (
        <LoginForm next={typeof from === 'string' ? from : '/'} />
      )}
    </AuthCard>
  );
}
