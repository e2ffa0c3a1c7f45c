import { yupResolver } from '@hookform/resolvers/yup';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useRegister } from '../api/register';

// The same bounds as the server's RegistrationDto, so the form catches them before the round trip.
const schema = yup.object({
  name: yup.string().label('Name').trim().required().max(100),
  email: yup.string().label('Email').trim().required().email().max(254),
  password: yup.string().label('Password').required().min(8).max(200),
  organization_name: yup.string().label('Organization name').trim().required().max(100),
});

/** A new user owning a new organization; the server signs them in, so the app opens next. */
export function RegistrationForm() {
  const signUp = useRegister();
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { name: '', email: '', password: '', organization_name: '' },
  });
  const submit = handleSubmit(async (values) => {
    await signUp.mutateAsync(values);
    window.location.assign('/');
  });
  const error = (field: keyof typeof formState.errors) => formState.errors[field]?.message;
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        {signUp.isError && <ErrorAlert error={signUp.error} title="Could not sign up" />}
        <TextInput label="Name" autoComplete="name" {...register('name')} error={error('name')} />
        <TextInput label="Email" type="email" autoComplete="email" {...register('email')} error={error('email')} />
        <PasswordInput label="Password" autoComplete="new-password" {...register('password')} error={error('password')} />
        <TextInput label="Organization name" autoComplete="organization" {...register('organization_name')} error={error('organization_name')} />
        <Button type="submit" loading={formState.isSubmitting}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
