import { ORGANIZATION_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tocsin/domain';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { ApiError } from '@/lib/api-client';
import { useCompleteRegistration } from '../api/complete-registration';
import { useRegistration } from '../api/get-registration';

// The same bounds as the server's CompleteRegistrationDto.
const schema = yup.object({
  password: yup.string().label('Password').required().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  password_confirmation: yup
    .string()
    .label('Password confirmation')
    .required()
    .oneOf([yup.ref('password')], "Confirmation password doesn't match Password"),
  organization_name: yup.string().label('Organization name').trim().required().max(ORGANIZATION_NAME_MAX_LENGTH),
});

/** A link that cannot finish a sign-up: what went wrong, and the way to start again. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Stack gap="sm" data-testid="registration-link-problem">
      <Alert color="yellow" title="This link cannot be used" role="alert">
        {message}
      </Alert>
      <Button component={Link} to="/registrations/new">
        Start again
      </Button>
    </Stack>
  );
}

const isLinkProblem = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

/** Sign-up, step two (the emailed link): password and organization; the new owner is signed in. */
export function CompleteRegistrationForm({ id, token, onDone }: { id: string; token: string; onDone: () => void }) {
  const registration = useRegistration(id, token);
  const complete = useCompleteRegistration();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { password: '', password_confirmation: '', organization_name: '' },
  });
  if (!token) return <LinkProblem message="This sign-up link is not valid. Start again to get a new link." />;
  if (registration.isPending) return <LoadingArea />;
  if (registration.isError) {
    return isLinkProblem(registration.error) ? (
      <LinkProblem message={registration.error.message} />
    ) : (
      <ErrorAlert error={registration.error} title="Could not open the link" />
    );
  }
  if (isLinkProblem(complete.error)) return <LinkProblem message={complete.error.message} />;
  const submit = handleSubmit(async (values) => {
    await complete.mutateAsync({ id, token, ...values });
    onDone();
  });
  const error = (field: keyof typeof formState.errors) => formState.errors[field]?.message;
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        <Text data-testid="registration-summary">
          Welcome, <strong>{registration.data.name}</strong>. Choose a password for{' '}
          <strong>{registration.data.email}</strong> and name your organization.
        </Text>
        {complete.isError && <ErrorAlert error={complete.error} title="Could not create the account" />}
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          {...register('password')}
          error={error('password')}
        />
        <PasswordInput
          label="Password confirmation"
          autoComplete="new-password"
          {...register('password_confirmation')}
          error={error('password_confirmation')}
        />
        <TextInput
          label="Organization name"
          autoComplete="organization"
          {...register('organization_name')}
          error={error('organization_name')}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
