import { EMAIL_MAX_LENGTH, FIELD_MESSAGES } from '@tocsin/domain';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { useAccount } from '../api/get-account';
import { useRequestEmailChange } from '../api/request-email-change';

const schema = yup.object({
  email: yup.string().label('New email').trim().required().email(FIELD_MESSAGES.email('email')).max(EMAIL_MAX_LENGTH),
  current_password: yup.string().label('Current password').required(),
});

/**
 * The sign-in email: changing it mails a link to the new address, and the email changes only once the
 * link is followed (24 h). The current password is asked for, since the email is how an account is recovered.
 */
export function EmailChangeForm({
  email,
  onDirtyChange,
}: {
  email: string;
  /** The page's one unsaved-changes prompt asks for it (ProfileForm). */ onDirtyChange: (dirty: boolean) => void;
}) {
  const account = useAccount();
  const request = useRequestEmailChange();
  const [editing, setEditing] = useState(false);
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { email: '', current_password: '' },
  });
  const dirty = editing && formState.isDirty && !formState.isSubmitting;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const close = () => (reset(), request.reset(), setEditing(false));
  const submit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (error) {
      // the server's word goes under the field it is about
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      for (const name of ['email', 'current_password'] as const) {
        const problem = [fields[name] ?? []].flat()[0];
        if (problem) setError(name, { message: name === 'current_password' ? `Current password ${problem}` : problem });
      }
      throw error;
    }
    showToast('success', `We sent a confirmation link to ${values.email.trim()}`);
    close();
  });
  const pending = account.data?.pendingEmail;
  return (
    <Stack gap="xs" maw={480} data-testid="email-change">
      <TextInput label="Email" value={email} readOnly description="Your sign-in email." />
      {pending && !editing && (
        <Alert color="blue" data-testid="pending-email">
          <Text size="sm">
            We sent a link to <b>{pending}</b>. Your email changes once you follow it (within 24 hours).
          </Text>
        </Alert>
      )}
      {editing ? (
        <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
          <Stack gap="sm">
            {request.isError && !(request.error instanceof ApiError && request.error.fields) && (
              <ErrorAlert error={request.error} title="Could not change your email" />
            )}
            <TextInput
              label="New email"
              type="email"
              autoComplete="email"
              {...register('email')}
              error={formState.errors.email?.message}
            />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              {...register('current_password')}
              error={formState.errors.current_password?.message}
            />
            <Group>
              <Button type="submit" loading={formState.isSubmitting}>
                Send confirmation link
              </Button>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            Change email
          </Button>
        </Group>
      )}
    </Stack>
  );
}
