import { Anchor, Card, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
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
  conditionErrors,
  PRIORITIES,
  RULE_NAME_MAX_LENGTH,
  type Priority,
  type RuleAction,
} from '@tocsin/domain';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { ConditionList } from '../../shared/components/condition-list';
import {
  conditionRows,
  conditionShownAt,
  conditionsRequest,
  newConditionRow,
  type ConditionRow,
} from '../../shared/lib/conditions';
import { formErrors } from '../../shared/lib/field-errors';
import { RulePreview } from './rule-preview';
import { FormActions } from '@/components/ui/form-actions';

export interface RuleFormValues {
  name: string;
  conditions: ConditionRow[];
  action: 'route' | 'drop';
  escalation_policy_id: string | null;
  priority: Priority | '';
}

const PREVIEW_SIZES = [ALERT_RULE_PREVIEW_DEFAULT, 100, ALERT_RULE_PREVIEW_MAX].map((n) => ({
  value: String(n),
  label: `The last ${n}`,
}));

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
      conditions: [newConditionRow('service')],
      action: 'route',
      escalation_policy_id: policies[0]?.id ?? null,
      priority: '',
    };
  }
  return {
    name: rule.name,
    conditions: conditionRows(rule.conditions),
    action: rule.action.type,
    escalation_policy_id: rule.action.type === 'route' ? rule.action.escalation_policy_id : null,
    priority: rule.action.type === 'route' ? (rule.action.priority ?? '') : '',
  };
}

// where each of the decider's keys shows in the form
const fold = (values: RuleFormValues) => (key: string) => {
  if (key === 'action.escalation_policy_id') return 'escalation_policy_id';
  if (key === 'action.priority') return 'priority';
  if (key === 'action.type') return 'action';
  return conditionShownAt(values.conditions, key);
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
        <ConditionList
          control={control}
          title="When all of these hold"
          emptyText="No conditions: the rule matches every alert."
        />
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
