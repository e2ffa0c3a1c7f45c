import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { SSO_ACCOUNT_NOTICE } from '@tocsin/domain';
import * as yup from 'yup';
import { showToast } from '@/components/ui/toasts';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { passwordFailureMessage, useChangePassword } from '../api/change-password';

// SPEC.md section 5: the three fields are required ('Required'); length and match are the server's to judge.
const schema = yup.object({
  current_password: yup.string().required('Required'),
  password: yup.string().required('Required'),
  password_confirmation: yup.string().required('Required'),
});

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Changing the password signs out every other session of the account; this one stays. */
export function PasswordForm({ ssoEnabled }: { ssoEnabled: boolean }) {
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm({ resolver: yupResolver(schema), defaultValues: EMPTY });
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting);
  if (ssoEnabled) return <Text data-testid="sso-notice">{SSO_ACCOUNT_NOTICE}</Text>;
  const submit = handleSubmit(async (values) => {
    await change.mutateAsync(values);
    reset(EMPTY);
    showToast('success', 'Your password has been updated');
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm" maw={480}>
        {change.isError && (
          <Alert color="red" role="alert" data-testid="password-error">
            {passwordFailureMessage(change.error)}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...register('current_password')}
          error={formState.errors.current_password?.message}
        />
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
        <Text size="xs" c="dimmed">
          At least 8 characters. Your other sessions are signed out when the password changes.
        </Text>
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
