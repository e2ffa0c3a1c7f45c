import { Anchor, Button, Card, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ALERT_RULE_PREVIEW_DEFAULT,
  ALERT_RULE_PREVIEW_MAX,
  type AlertRuleRequest,
  type AlertRuleResource,
  type EscalationPolicy,
} from '@tocsin/contracts';
import {
  alertRuleErrors,
  CONDITION_OPERATORS,
  conditionErrors,
  PRIORITIES,
  RULE_NAME_MAX_LENGTH,
  type ConditionOperator,
  type Priority,
  type RuleAction,
} from '@tocsin/domain';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { formErrors } from '../../shared/lib/field-errors';
import { RulePreview } from './rule-preview';
import { FormActions } from '@/components/ui/form-actions';

type FieldKind = 'source' | 'summary' | 'priority' | 'label';

export interface RuleFormValues {
  name: string;
  conditions: Array<{ field: FieldKind; label: string; operator: ConditionOperator; value: string }>;
  action: 'route' | 'drop';
  escalation_policy_id: string | null;
  priority: Priority | '';
}

const FIELD_OPTIONS = [
  { value: 'source', label: 'Source' },
  { value: 'summary', label: 'Summary' },
  { value: 'priority', label: 'Priority' },
  { value: 'label', label: 'Label' },
];
const PREVIEW_SIZES = [ALERT_RULE_PREVIEW_DEFAULT, 100, ALERT_RULE_PREVIEW_MAX].map((n) => ({
  value: String(n),
  label: `The last ${n}`,
}));
const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'equals',
  contains: 'contains',
  matches: 'matches (regular expression)',
  exists: 'exists',
};

/** The conditions as the API names them (`labels.<name>`; no value for `exists`). */
export function conditionsRequest(conditions: RuleFormValues['conditions']): AlertRuleRequest['conditions'] {
  return conditions.map(({ field, label, operator, value }) => ({
    field: field === 'label' ? `labels.${label.trim()}` : field,
    operator,
    ...(operator === 'exists' ? {} : { value }),
  }));
}

export function ruleRequest(values: RuleFormValues): Omit<AlertRuleRequest, 'position'> {
  return {
    name: values.name,
    conditions: conditionsRequest(values.conditions),
    action:
      values.action === 'drop'
        ? { type: 'drop' }
        : { type: 'route', escalation_policy_id: values.escalation_policy_id ?? '', priority: values.priority || null },
  };
}

export function ruleFormValues(rule?: AlertRuleResource, policies: EscalationPolicy[] = []): RuleFormValues {
  if (!rule) {
    return {
      name: '',
      conditions: [{ field: 'label', label: 'service', operator: 'equals', value: '' }],
      action: 'route',
      escalation_policy_id: policies[0]?.id ?? null,
      priority: '',
    };
  }
  return {
    name: rule.name,
    conditions: rule.conditions.map(({ field, operator, value }) =>
      field.startsWith('labels.')
        ? { field: 'label', label: field.slice('labels.'.length), operator, value: value ?? '' }
        : { field: field as FieldKind, label: '', operator, value: value ?? '' },
    ),
    action: rule.action.type,
    escalation_policy_id: rule.action.type === 'route' ? rule.action.escalation_policy_id : null,
    priority: rule.action.type === 'route' ? (rule.action.priority ?? '') : '',
  };
}

// where each of the decider's keys shows in the form
const fold = (values: RuleFormValues) => (key: string) => {
  const condition = /^conditions\[(\d+)\]\.field$/.exec(key);
  if (condition && values.conditions[Number(condition[1])]?.field === 'label')
    return `conditions[${condition[1]}].label`;
  if (key === 'action.escalation_policy_id') return 'escalation_policy_id';
  if (key === 'action.priority') return 'priority';
  if (key === 'action.type') return 'action';
  return key;
};

// the decider's own checks (libs/domain), so the form says what the API would, before the round trip
const resolver: Resolver<RuleFormValues> = async (values) => {
  const request = ruleRequest(values);
  const action: RuleAction =
    request.action.type === 'drop'
      ? { type: 'drop' }
      : {
          type: 'route',
          escalationPolicyId: request.action.escalation_policy_id,
          ...(request.action.priority ? { priority: request.action.priority } : {}),
        };
  const messages = alertRuleErrors({ name: request.name, conditions: request.conditions, action });
  if (Object.keys(messages).length === 0) return { values, errors: {} };
  return { values: {}, errors: formErrors<RuleFormValues>(messages, fold(values)) };
};

interface Props {
  teamId: string;
  policies: EscalationPolicy[];
  defaultValues: RuleFormValues;
  submitLabel: string;
  onSubmit: (values: RuleFormValues) => Promise<unknown>;
  onCancel: () => void;
  error: unknown;
}

/** Create and edit a team alert rule: conditions (all must hold), then route or drop, with a live preview. */
export function AlertRuleForm({ teamId, policies, defaultValues, submitLabel, onSubmit, onCancel, error }: Props) {
  const { register, control, handleSubmit, watch, formState } = useForm<RuleFormValues>({ resolver, defaultValues });
  const conditions = useFieldArray({ control, name: 'conditions' });
  const watched = useWatch({ control, name: 'conditions' });
  const [debounced] = useDebouncedValue(watched, 400);
  const previewConditions = useMemo(() => conditionsRequest(debounced ?? []), [debounced]);
  const [previewLimit, setPreviewLimit] = useState(ALERT_RULE_PREVIEW_DEFAULT);
  const previewProblems = Object.keys(conditionErrors(previewConditions)).length > 0;
  const name = watch('name') ?? '';
  const action = watch('action');
  const submit = handleSubmit((values) => onSubmit(values));
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);
  const errors = formState.errors;

  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="Alert rule">
      <Stack gap="md" maw={880}>
        {error != null && <ErrorAlert error={error} title="Could not save the alert rule" />}
        <TextInput
          label="Name"
          withAsterisk
          {...register('name')}
          error={errors.name?.message}
          description={`${name.length}/${RULE_NAME_MAX_LENGTH}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Stack gap="sm">
          <Title order={2} size="h4">
            When all of these hold
          </Title>
          {conditions.fields.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="rule-matches-all">
              No conditions: the rule matches every alert.
            </Text>
          )}
          {errors.conditions?.message && (
            <Text size="sm" c="red" role="alert">
              {errors.conditions.message}
            </Text>
          )}
          {conditions.fields.map((field, index) => {
            const row = watched?.[index];
            const n = index + 1;
            return (
              <Card key={field.id} withBorder padding="sm" data-testid="rule-condition">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Controller
                    name={`conditions.${index}.field`}
                    control={control}
                    render={({ field: f }) => (
                      <Select
                        label={`Field (condition ${n})`}
                        data={FIELD_OPTIONS}
                        allowDeselect={false}
                        w={150}
                        value={f.value}
                        onChange={(value) => f.onChange(value)}
                        onBlur={f.onBlur}
                        ref={f.ref}
                      />
                    )}
                  />
                  {row?.field === 'label' && (
                    <TextInput
                      label={`Label name (condition ${n})`}
                      w={160}
                      {...register(`conditions.${index}.label`)}
                      error={errors.conditions?.[index]?.label?.message}
                    />
                  )}
                  <Controller
                    name={`conditions.${index}.operator`}
                    control={control}
                    render={({ field: f }) => (
                      <Select
                        label={`Operator (condition ${n})`}
                        data={CONDITION_OPERATORS.map((value) => ({ value, label: OPERATOR_LABELS[value] }))}
                        allowDeselect={false}
                        w={220}
                        value={f.value}
                        onChange={(value) => f.onChange(value)}
                        onBlur={f.onBlur}
                        ref={f.ref}
                        error={errors.conditions?.[index]?.operator?.message}
                      />
                    )}
                  />
                  {row?.operator !== 'exists' && (
                    <TextInput
                      label={`Value (condition ${n})`}
                      style={{ flex: '1 1 180px' }}
                      {...register(`conditions.${index}.value`)}
                      error={errors.conditions?.[index]?.value?.message}
                    />
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    mt={24}
                    onClick={() => conditions.remove(index)}
                    aria-label={`Remove condition ${n}`}
                  >
                    Remove
                  </Button>
                </Group>
              </Card>
            );
          })}
          <Group>
            <Button
              variant="default"
              onClick={() => conditions.append({ field: 'label', label: '', operator: 'equals', value: '' })}
            >
              Add condition
            </Button>
          </Group>
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Then
          </Title>
          <Controller
            name="action"
            control={control}
            render={({ field }) => (
              <Radio.Group
                label="Action"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.action?.message}
              >
                <Group mt="xs">
                  <Radio value="route" label="Route to an escalation policy" />
                  <Radio value="drop" label="Drop the alert" />
                </Group>
              </Radio.Group>
            )}
          />
          {action === 'route' && (
            <Group align="flex-start" wrap="wrap">
              <Controller
                name="escalation_policy_id"
                control={control}
                render={({ field }) => (
                  <Select
                    label="Escalation policy"
                    withAsterisk
                    placeholder={policies.length === 0 ? 'This team has no policy yet' : 'Choose a policy'}
                    data={policies.map((p) => ({ value: p.id, label: p.name }))}
                    w={280}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.escalation_policy_id?.message}
                  />
                )}
              />
              <Controller
                name="priority"
                control={control}
                render={({ field }) => (
                  <Select
                    label="Priority"
                    data={[
                      { value: '', label: "Keep the alert's priority" },
                      ...PRIORITIES.map((p) => ({ value: p, label: p })),
                    ]}
                    allowDeselect={false}
                    w={240}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.priority?.message}
                  />
                )}
              />
            </Group>
          )}
          {action === 'route' && policies.length === 0 && (
            <Text size="sm">
              <Anchor component={Link} to={`/settings/teams/${teamId}/escalation_policies/new`}>
                Create an escalation policy
              </Anchor>{' '}
              for this team first.
            </Text>
          )}
        </Stack>
        <Card withBorder padding="md" aria-labelledby="rule-preview-title">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4" id="rule-preview-title">
                Preview
              </Title>
              <Select
                label="Recent alerts to check"
                data={PREVIEW_SIZES}
                allowDeselect={false}
                w={200}
                size="xs"
                value={String(previewLimit)}
                onChange={(value) => setPreviewLimit(Number(value ?? ALERT_RULE_PREVIEW_DEFAULT))}
              />
            </Group>
            <RulePreview teamId={teamId} limit={previewLimit} conditions={previewProblems ? null : previewConditions} />
          </Stack>
        </Card>
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
