import { ORGANIZATION_NAME_MAX_LENGTH } from '@tocsin/domain';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useRenameOrganization } from '../api/rename-organization';

// The server's bounds for an organization name.
const schema = yup.object({ name: yup.string().label('Name').trim().required().max(ORGANIZATION_NAME_MAX_LENGTH) });

/** Renames the organization; read-only for whoever lacks manage_organization_settings. */
export function OrganizationNameForm({
  name,
  canManage,
  onRenamed,
}: {
  name: string;
  canManage: boolean;
  onRenamed?: () => void;
}) {
  const rename = useRenameOrganization();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { name },
  });
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting);
  useEffect(() => reset({ name }), [name, reset]);
  const submit = handleSubmit(async (values) => {
    await rename.mutateAsync(values.name);
    onRenamed?.();
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm" maw={480}>
        {rename.isError && <ErrorAlert error={rename.error} title="Could not rename the organization" />}
        <TextInput
          label="Organization name"
          readOnly={!canManage}
          {...register('name')}
          error={formState.errors.name?.message}
        />
        {canManage && (
          <Group>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
