import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  type NumberInputProps,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { EscalationPolicy, EscalationPolicyRequest } from '@tocsin/contracts';
import {
  ACK_REMINDER_MAX,
  ACK_REMINDER_MIN,
  displayDuration,
  escalationPolicyErrors,
  formatDuration,
  parseDuration,
  POLICY_NAME_MAX_LENGTH,
  POLICY_REPEAT_MAX,
  POLICY_STEPS_MAX,
  STEP_TIMEOUT_MAX,
  STEP_TIMEOUT_MIN,
  type EscalationTargetType,
} from '@tocsin/domain';
import {
  Controller,
  useController,
  useFieldArray,
  useForm,
  type Control,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { formErrors } from '../../shared/lib/field-errors';
import { FormActions } from '@/components/ui/form-actions';
import { StepTargetsSelect, type TargetOption } from './step-targets-select';

export interface PolicyFormValues {
  name: string;
  /** `timeout` in whole minutes here; the API takes ISO-8601 text (`PT15M`). */
  steps: Array<{ timeout: number | string; targets: string[] }>;
  repeat: number | string;
  remind: boolean;
  /** In whole minutes here, like `timeout`; the API takes ISO-8601 text (`PT30M`). */
  ack_reminder: number | string;
}

/** What the reminder field shows until it is set: PagerDuty's default acknowledgement timeout. */
const DEFAULT_REMINDER_MINUTES = 30;

const number = (value: number | string) => (value === '' ? null : Number(value));

const targetsOf = (step: PolicyFormValues['steps'][number]) =>
  step.targets.map((key) => {
    const [type, ...id] = key.split(':');
    return { type: type as EscalationTargetType, id: id.join(':') };
  });

/** The form's values as the domain's rules judge them (minutes, as the policy keeps them). */
const policyFields = (values: PolicyFormValues) => ({
  name: values.name,
  steps: values.steps.map((step) => ({ timeoutMinutes: number(step.timeout) as number, targets: targetsOf(step) })),
  repeat: number(values.repeat) as number,
  // switched on, an empty reminder is a missing value (NaN, refused), not "no reminder"
  ackReminderMinutes: values.remind ? (number(values.ack_reminder) ?? Number.NaN) : null,
});

/** The (valid) form's values as the API takes them (targets are `type:id` in the picker). */
export function policyRequest(values: PolicyFormValues): EscalationPolicyRequest {
  const fields = policyFields(values);
  return {
    name: fields.name,
    steps: fields.steps.map((step) => ({ timeout: formatDuration(step.timeoutMinutes * 60), targets: step.targets })),
    repeat: fields.repeat,
    ack_reminder: fields.ackReminderMinutes === null ? null : formatDuration(fields.ackReminderMinutes * 60),
  };
}

export function policyFormValues(policy?: EscalationPolicy): PolicyFormValues {
  if (!policy) {
    return {
      name: '',
      steps: [{ timeout: 15, targets: [] }],
      repeat: 0,
      remind: false,
      ack_reminder: DEFAULT_REMINDER_MINUTES,
    };
  }
  return {
    name: policy.name,
    steps: policy.steps.map((step) => ({
      timeout: (parseDuration(step.timeout) ?? 0) / 60,
      targets: step.targets.map((t) => `${t.type}:${t.id}`),
    })),
    repeat: policy.repeat,
    remind: policy.ack_reminder !== null,
    ack_reminder:
      policy.ack_reminder === null ? DEFAULT_REMINDER_MINUTES : (parseDuration(policy.ack_reminder) ?? 0) / 60,
  };
}

// the decider's own checks, so the form says what the API would, before the round trip
const resolver: Resolver<PolicyFormValues> = async (values) => {
  const messages = escalationPolicyErrors(policyFields(values));
  // the fields take minutes, not the API's ISO-8601 text: their bounds are said as the web shows durations
  for (const key of Object.keys(messages).filter((k) => k.endsWith('.timeout'))) {
    messages[key] = [
      `${key} must be whole minutes, from ${displayDuration(STEP_TIMEOUT_MIN * 60)} to ${displayDuration(STEP_TIMEOUT_MAX * 60)}`,
    ];
  }
  if (messages.ack_reminder) {
    messages.ack_reminder = [
      `The reminder must be whole minutes, from ${displayDuration(ACK_REMINDER_MIN * 60)} to ${displayDuration(ACK_REMINDER_MAX * 60)}`,
    ];
  }
  if (Object.keys(messages).length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: formErrors<PolicyFormValues>(messages, (key) => key.replace(/\.targets\[\d+\].*$/, '.targets')),
  };
};

/** A whole number the form drives (Mantine's NumberInput reports numbers, not change events). */
function WholeNumberField({
  control,
  name,
  ...input
}: Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<PolicyFormValues>;
  name: FieldPath<PolicyFormValues>;
}) {
  const { field } = useController({ control, name });
  return (
    <NumberInput
      allowDecimal={false}
      maw={280}
      {...input}
      value={field.value as number}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}

interface Props {
  defaultValues: PolicyFormValues;
  teamId: string;
  /** The targets the policy already names (their labels while no search shows them). */
  knownTargets: TargetOption[];
  submitLabel: string;
  onSubmit: (values: PolicyFormValues) => Promise<unknown>;
  onCancel: () => void;
  error: unknown;
}

/** Create and edit: the policy's name, its ordered steps (who is paged, how long to wait), repeats and reminders. */
export function EscalationPolicyForm(props: Props) {
  const { defaultValues, teamId, knownTargets, submitLabel, onSubmit, onCancel, error } = props;
  const { register, control, handleSubmit, watch, formState } = useForm<PolicyFormValues>({ resolver, defaultValues });
  const steps = useFieldArray({ control, name: 'steps' });
  const name = watch('name') ?? '';
  const reminder = watch('remind');
  const submit = handleSubmit((values) => onSubmit(values));
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);
  const errors = formState.errors;

  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="Escalation policy">
      <Stack gap="md" maw={720}>
        {error != null && <ErrorAlert error={error} title="Could not save the escalation policy" />}
        <TextInput
          label="Name"
          withAsterisk
          {...register('name')}
          error={errors.name?.message}
          description={`${name.length}/${POLICY_NAME_MAX_LENGTH}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Steps
          </Title>
          <Text size="sm" c="dimmed">
            Each step pages its people and teams, then waits for an acknowledgement before the next step.
          </Text>
          {errors.steps?.message && (
            <Text size="sm" c="red" role="alert">
              {errors.steps.message}
            </Text>
          )}
          {steps.fields.map((field, index) => (
            <Card key={field.id} withBorder padding="md" data-testid="policy-step">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={3} size="h5">
                    Step {index + 1}
                  </Title>
                  <Group gap={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move step ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => steps.move(index, index - 1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move step ${index + 1} down`}
                      disabled={index === steps.fields.length - 1}
                      onClick={() => steps.move(index, index + 1)}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      disabled={steps.fields.length === 1}
                      onClick={() => steps.remove(index)}
                      aria-label={`Remove step ${index + 1}`}
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
                <Controller
                  name={`steps.${index}.targets`}
                  control={control}
                  render={({ field: targets }) => (
                    <StepTargetsSelect
                      teamId={teamId}
                      known={knownTargets}
                      label={`Notify (step ${index + 1})`}
                      value={targets.value}
                      onChange={targets.onChange}
                      onBlur={targets.onBlur}
                      inputRef={targets.ref}
                      error={errors.steps?.[index]?.targets?.message}
                    />
                  )}
                />
                <WholeNumberField
                  control={control}
                  name={`steps.${index}.timeout`}
                  label={`Minutes before the next step (step ${index + 1})`}
                  withAsterisk
                  min={STEP_TIMEOUT_MIN}
                  max={STEP_TIMEOUT_MAX}
                  error={errors.steps?.[index]?.timeout?.message}
                />
              </Stack>
            </Card>
          ))}
          <Group>
            <Button
              variant="default"
              disabled={steps.fields.length >= POLICY_STEPS_MAX}
              onClick={() => steps.append({ timeout: 15, targets: [] })}
            >
              Add step
            </Button>
          </Group>
        </Stack>
        <WholeNumberField
          control={control}
          name="repeat"
          label="Repeat all steps"
          description={`When nobody acknowledges, run the steps again up to ${POLICY_REPEAT_MAX} more times`}
          min={0}
          max={POLICY_REPEAT_MAX}
          error={errors.repeat?.message}
        />
        <Controller
          name="remind"
          control={control}
          render={({ field }) => (
            <Switch
              label="Remind after acknowledgement"
              description="An acknowledged alert that is still unresolved notifies whoever acknowledged it again"
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        {reminder && (
          <WholeNumberField
            control={control}
            name="ack_reminder"
            label="Reminder after (minutes)"
            description={`From ${displayDuration(ACK_REMINDER_MIN * 60)} to ${displayDuration(ACK_REMINDER_MAX * 60)}`}
            min={ACK_REMINDER_MIN}
            max={ACK_REMINDER_MAX}
            error={errors.ack_reminder?.message}
          />
        )}
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
