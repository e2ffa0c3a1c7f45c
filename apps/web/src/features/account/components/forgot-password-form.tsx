import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useRequestPasswordReset } from '../api/request-password-reset';

const schema = yup.object({ email: yup.string().label('Email').trim().required().email() });

/** The confirmation is the same whether or not the address has an account, so it reveals nothing. */
export function ForgotPasswordForm() {
  const reset = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { email: '' },
  });
  if (reset.isSuccess) {
    return (
      <Alert color="blue" title="Check your email" data-testid="forgot-password-sent">
        If an account exists for {reset.variables.email}, you will receive instructions to reset your password.
      </Alert>
    );
  }
  const submit = handleSubmit((values) => reset.mutateAsync(values));
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {reset.isError && <ErrorAlert error={reset.error} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          Send reset instructions
        </Button>
      </Stack>
    </form>
  );
}
