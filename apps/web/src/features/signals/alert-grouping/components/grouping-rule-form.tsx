import { yupResolver } from '@hookform/resolvers/yup';
import { NumberInput, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { Controller, useForm, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api-client';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { GROUPING_WINDOW_MAX_MINUTES } from '@tocsin/domain';
import { useTeamOptions } from '../../shared/api/get-team-options';
import { ConditionList } from '../../shared/components/condition-list';
import { conditionFormErrors, conditionServerError } from '../../shared/lib/conditions';
import { groupingSchema, SUGGESTED_FIELDS, type GroupingFormValues } from '../lib/grouping-form-values';

/** The API's field -> the form's field that shows its message. */
const SERVER_FIELDS = {
  name: 'name',
  team_id: 'team_id',
  fields: 'fields',
  window: 'window_minutes',
} as const satisfies Record<string, keyof GroupingFormValues>;

function showFieldErrors(error: unknown, values: GroupingFormValues, setError: UseFormSetError<GroupingFormValues>) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, problems] of Object.entries(error.fields)) {
    const message = [problems].flat().join(', ');
    const condition = conditionServerError(values.conditions, field, message);
    if (condition) {
      setError(condition.path as Path<GroupingFormValues>, { type: 'server', message: condition.message });
      continue;
    }
    const shownAt = SERVER_FIELDS[field.replace(/\[\d+\]$/, '') as keyof typeof SERVER_FIELDS];
    if (shownAt) setError(shownAt, { type: 'server', message });
  }
}

const schemaResolver = yupResolver(groupingSchema);
/** The schema's messages, and each condition row's in the domain's words, as the alert rule editor says them. */
const resolver: Resolver<GroupingFormValues> = async (values, context, options) => {
  const checked = await schemaResolver(values, context, options);
  const conditions = conditionFormErrors<GroupingFormValues>(values.conditions ?? []);
  if (Object.keys(conditions).length === 0) return checked;
  return { values: {}, errors: { ...checked.errors, ...conditions } };
};

interface Props {
  mode: 'new' | 'edit';
  defaultValues: GroupingFormValues;
  submitLabel: string;
  errorTitle: string;
  error: unknown;
  onSubmit: (values: GroupingFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A grouping rule: its team (fixed once made), its name, the conditions an alert must meet, the fields whose equal
 * values make a group, the window.
 */
export function GroupingRuleForm({ mode, defaultValues, submitLabel, errorTitle, error, onSubmit, onCancel }: Props) {
  const { register, control, handleSubmit, setError, formState } = useForm<GroupingFormValues>({
    resolver,
    defaultValues,
  });
  const teams = useTeamOptions();
  useUnsavedChangesPrompt(mode === 'edit' && formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      showFieldErrors(failure, values, setError);
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      noValidate
      aria-label={mode === 'new' ? 'New grouping rule' : 'Grouping rule settings'}
    >
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title={errorTitle} />}
        <TextInput label="Name" withAsterisk {...register('name')} error={formState.errors.name?.message} />
        <Controller
          name="team_id"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label="Team"
              description="The rule groups the alerts routing gives this team; the team's first matching rule decides."
              withAsterisk
              placeholder="Choose a team"
              data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={mode === 'edit'}
              searchable
              error={fieldState.error?.message}
            />
          )}
        />
        <ConditionList
          control={control}
          title="Applies to the team's alerts where all of these hold"
          emptyText="No conditions: the rule groups every alert of the team."
        />
        <Controller
          name="fields"
          control={control}
          render={({ field, fieldState }) => (
            <TagsInput
              label="Group by"
              description="Alerts whose values of all these fields are equal share a group (type labels.<name> for a label)."
              withAsterisk
              data={SUGGESTED_FIELDS}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="window_minutes"
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              label="Window (minutes)"
              description={`An open group takes alerts until this long passes without one (1 to ${GROUPING_WINDOW_MAX_MINUTES}).`}
              withAsterisk
              min={1}
              max={GROUPING_WINDOW_MAX_MINUTES}
              clampBehavior="none"
              value={field.value ?? ''}
              onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
              error={fieldState.error?.message}
              w={{ base: '100%', xs: 260 }}
            />
          )}
        />
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
