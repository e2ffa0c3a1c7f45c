import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@tocsin/domain';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useStartRegistration } from '../api/start-registration';

// The same bounds as the server's StartRegistrationDto, so the form catches them before the round trip.
const schema = yup.object({
  name: yup.string().label('Name').trim().required().max(NAME_MAX_LENGTH),
  email: yup.string().label('Email').trim().required().email().max(EMAIL_MAX_LENGTH),
});

/**
 * Sign-up, step one: who you are. The server mails a link to finish (password and organization); the
 * confirmation reads the same whether or not the address already has an account.
 */
export function RegistrationForm() {
  const start = useStartRegistration();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { name: '', email: '' },
  });
  if (start.isSuccess) {
    return (
      <Alert color="blue" title="Check your email" data-testid="registration-sent">
        <Stack gap="xs">
          <Text fz="sm">
            We sent a link to <strong>{start.variables.email}</strong> to finish creating your account. It works once,
            for 24 hours.
          </Text>
          <Text fz="sm">
            No email? Check your spam folder, or{' '}
            <Anchor component="button" type="button" fz="inherit" onClick={() => start.reset()}>
              try again
            </Anchor>
            .
          </Text>
        </Stack>
      </Alert>
    );
  }
  const submit = handleSubmit((values) => start.mutateAsync(values));
  const error = (field: keyof typeof formState.errors) => formState.errors[field]?.message;
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {start.isError && <ErrorAlert error={start.error} title="Could not sign up" />}
        <TextInput label="Name" autoComplete="name" {...register('name')} error={error('name')} />
        <TextInput label="Email" type="email" autoComplete="email" {...register('email')} error={error('email')} />
        <Text c="dimmed" fz="xs">
          We will email you a link to choose your password and name your organization.
        </Text>
        <Button type="submit" loading={formState.isSubmitting}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
