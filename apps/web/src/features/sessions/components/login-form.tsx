import { yupResolver } from '@hookform/resolvers/yup';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useSignIn } from '../api/sign-in';

const schema = yup.object({
  email: yup.string().label('Email').trim().required().email(),
  password: yup.string().label('Password').required(),
});

/** After sign-in the tab is loaded afresh at `next`, so the socket and the cache start with the new session. */
export function LoginForm({ next }: { next: string }) {
  const signIn = useSignIn();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const submit = handleSubmit(async (values) => {
    await signIn.mutateAsync(values);
    window.location.assign(next);
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {signIn.isError && <ErrorAlert error={signIn.error} title="Could not sign in" />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <Group justify="space-between">
          <Anchor component={Link} to="/forgot_passwords/new" size="sm">
            Forgot password?
          </Anchor>
          <Button type="submit" loading={formState.isSubmitting}>
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
