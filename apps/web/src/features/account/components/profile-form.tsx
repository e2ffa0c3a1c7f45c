import { NAME_MAX_LENGTH } from '@tocsin/domain';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useUpdateProfile } from '../api/update-profile';

// The server's bounds for a name.
const schema = yup.object({ name: yup.string().label('Name').trim().required().max(NAME_MAX_LENGTH) });

/** The name; the email has its own form below (EmailChangeForm), since it changes only through a link. */
export function ProfileForm({
  name,
  otherChanges = false,
}: {
  name: string;
  /** Unsaved input elsewhere on the page (a router allows one prompt). */ otherChanges?: boolean;
}) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { name },
  });
  useEffect(() => reset({ name }), [name, reset]);
  useUnsavedChangesPrompt((formState.isDirty && !formState.isSubmitting) || otherChanges);
  const submit = handleSubmit(async (values) => {
    await update.mutateAsync(values);
    // saved: nothing is left to lose, even before the new name comes back from the server
    reset(values);
    showToast('success', 'Your profile has been updated');
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm" maw={480}>
        {update.isError && <ErrorAlert error={update.error} title="Could not update your profile" />}
        <TextInput label="Name" autoComplete="name" {...register('name')} error={formState.errors.name?.message} />
        <Group>
          <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
