import { yupResolver } from '@hookform/resolvers/yup';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import type { OrganizationMember } from '@tocsin/contracts';
import { ROLES, type Role } from '@tocsin/domain';
import { Controller, useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useUpdateUserRole } from '../api/update-user-role';
import { ROLE_OPTIONS } from './role-labels';
import { FormActions } from '@/components/ui/form-actions';

const schema = yup.object({
  role: yup
    .string<Role>()
    .label('Role')
    .required()
    .oneOf([...ROLES]),
});

/** A member's role in the organization; name and email belong to the person and are shown read-only. */
export function UserEditForm({
  member,
  onSaved,
  onCancel,
}: {
  member: OrganizationMember;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateUserRole();
  const { control, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { role: member.role },
  });
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async ({ role }) => {
    await update.mutateAsync({ userId: member.id, role });
    onSaved();
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm" maw={480}>
        {update.isError && <ErrorAlert error={update.error} title="Could not change the role" />}
        <TextInput label="Name" value={member.name} readOnly />
        <TextInput label="Email" value={member.email} readOnly />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={formState.errors.role?.message}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          An organization always keeps at least one owner.
        </Text>
        <FormActions
          submitLabel="Save"
          submitting={formState.isSubmitting}
          disabled={!formState.isDirty}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
