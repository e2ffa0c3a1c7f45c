import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { SSO_LINK_FIRST, SSO_LINK_PARAM } from '@tocsin/domain';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useStartSso } from '../api/start-sso';

const schema = yup.object({ email: yup.string().label('Email').trim().required().email() });

/**
 * /sessions/sso/new: the work email picks the organization; the browser then goes to its identity provider.
 * An existing account is refused until linked: the failure then offers the password sign-in that leads back here.
 */
export function SsoSignInForm({ failure, email = '' }: { failure: string | null; email?: string }) {
  const linking = email !== '';
  const start = useStartSso();
  const { register, handleSubmit, formState } = useForm({ resolver: yupResolver(schema), defaultValues: { email } });
  const submit = handleSubmit(async (values) => window.location.assign(await start.mutateAsync(values.email)));
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {failure && !start.isError && (
          <Alert color="red" title="Single sign-on failed" data-testid="sso-failure">
            {failure}
            {failure === SSO_LINK_FIRST && (
              <>
                {' '}
                <Anchor
                  component={Link}
                  inherit
                  to="/sessions/new"
                  state={{ from: `/sessions/sso/new?${SSO_LINK_PARAM}=1` }}
                >
                  Sign in with your password to link
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {start.isError && <ErrorAlert error={start.error} title="Could not start single sign-on" />}
        <TextInput
          label="Work email"
          type="email"
          autoComplete="username"
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <Group justify={linking ? 'flex-end' : 'space-between'}>
          {!linking && (
            <Anchor component={Link} to="/sessions/new" size="sm">
              Sign in with a password
            </Anchor>
          )}
          <Button type="submit" loading={formState.isSubmitting}>
            Continue with SSO
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
