import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tocsin/domain';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAcceptInvitation } from '../api/accept-invitation';

// The same bounds as the server's sign-up, so the form catches them before the round trip.
const schema = yup.object({
  name: yup.string().label('Name').trim().required().max(NAME_MAX_LENGTH),
  password: yup.string().label('Password').required().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});

/** A new person: an account for the invited address (fixed, shown read-only), then straight in. */
export function InvitationSignUpForm({
  token,
  email,
  onJoined,
}: {
  token: string;
  email: string;
  onJoined: () => void;
}) {
  const accept = useAcceptInvitation();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { name: '', password: '' },
  });
  const submit = handleSubmit(async (values) => {
    await accept.mutateAsync({ token, ...values });
    onJoined();
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {accept.isError && <ErrorAlert error={accept.error} title="Could not accept the invitation" />}
        <TextInput label="Email" value={email} readOnly autoComplete="username" />
        <TextInput label="Name" autoComplete="name" {...register('name')} error={formState.errors.name?.message} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          Create account and join
        </Button>
      </Stack>
    </form>
  );
}
