import { yupResolver } from '@hookform/resolvers/yup';
import { Select, Stack, TextInput } from '@mantine/core';
import type { Invitation } from '@tocsin/contracts';
import { EMAIL_MAX_LENGTH, ROLES, type Role } from '@tocsin/domain';
import { Controller, useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useCreateInvitation } from '../api/create-invitation';
import { FormActions } from '@/components/ui/form-actions';

// The server's InvitationDto bounds, so the form catches them before the round trip.
const schema = yup.object({
  email: yup.string().label('Email').trim().required().email().max(EMAIL_MAX_LENGTH),
  role: yup
    .string<Role>()
    .label('Role')
    .required()
    .oneOf([...ROLES]),
});

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: `${role[0].toUpperCase()}${role.slice(1)}` }));

/** Sends the invitation email; the invitee follows its link to join. */
export function InvitationForm({
  onSent,
  onCancel,
}: {
  onSent: (invitation: Invitation) => void;
  onCancel: () => void;
}) {
  const create = useCreateInvitation();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { email: '', role: 'member' as Role },
  });
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => onSent(await create.mutateAsync(values)));
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm" maw={480}>
        {create.isError && <ErrorAlert error={create.error} title="Could not send the invitation" />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          {...register('email')}
          error={formState.errors.email?.message}
        />
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
        <FormActions submitLabel="Send invitation" submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
