import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { ApiError } from '@/lib/api-client';
import { passwordFailureMessage } from '../api/change-password';
import { useResetPassword } from '../api/reset-password';

const schema = yup.object({
  password: yup.string().required('Required'),
  password_confirmation: yup.string().required('Required'),
});

/** The emailed link's page: a new password, after which every session of the account is signed out. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  if (reset.isSuccess) {
    return (
      <Alert color="green" title="Password changed" data-testid="password-reset-done">
        Your password has been reset and every session of your account was signed out.{' '}
        <Anchor component={Link} to="/sessions/new" fz="inherit">
          Sign in
        </Anchor>
      </Alert>
    );
  }
  const expired = reset.error instanceof ApiError && reset.error.status === 404;
  const submit = handleSubmit((values) => reset.mutateAsync({ token, ...values }));
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {reset.isError && (
          <Alert color="red" role="alert">
            {expired ? reset.error.message : passwordFailureMessage(reset.error)}{' '}
            {expired && (
              <Anchor component={Link} to="/forgot_passwords/new" fz="inherit">
                Request a new link
              </Anchor>
            )}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...register('password_confirmation')}
          error={formState.errors.password_confirmation?.message}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
