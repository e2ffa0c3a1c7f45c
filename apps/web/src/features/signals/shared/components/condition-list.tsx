import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { CONDITION_OPERATORS, type ConditionOperator } from '@tocsin/domain';
import { Controller, useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { newConditionRow, type ConditionRow } from '../lib/conditions';

const FIELD_OPTIONS = [
  { value: 'source', label: 'Source' },
  { value: 'summary', label: 'Summary' },
  { value: 'priority', label: 'Priority' },
  { value: 'label', label: 'Label' },
];
const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'equals',
  contains: 'contains',
  matches: 'matches (regular expression)',
  exists: 'exists',
};
const OPERATOR_OPTIONS = CONDITION_OPERATORS.map((value) => ({ value, label: OPERATOR_LABELS[value] }));

interface WithConditions {
  conditions: ConditionRow[];
}

interface Props<Values extends WithConditions> {
  control: Control<Values>;
  /** The section's heading: what holding them does. */
  title: string;
  /** Said when there are none. */
  emptyText: string;
}

/**
 * A rule's conditions (all must hold), added, changed and removed in rows: the alert rule editor's and the grouping
 * rule editor's. Each row's messages (the domain's, or the API's under `conditions.<i>.<field>`) show under it.
 */
export function ConditionList<Values extends WithConditions>({ control, title, emptyText }: Props<Values>) {
  // the list reads and writes only `conditions`, which every form that uses it holds
  const form = control as unknown as Control<WithConditions>;
  const conditions = useFieldArray({ control: form, name: 'conditions' });
  const watched = useWatch({ control: form, name: 'conditions' });
  const { errors } = useFormState({ control: form, name: 'conditions' });
  const rowErrors = errors.conditions;

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {conditions.fields.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="rule-matches-all">
          {emptyText}
        </Text>
      )}
      {rowErrors?.message && (
        <Text size="sm" c="red" role="alert">
          {rowErrors.message}
        </Text>
      )}
      {conditions.fields.map((field, index) => {
        const row = watched?.[index];
        const shown = rowErrors?.[index];
        const n = index + 1;
        return (
          <Card key={field.id} withBorder padding="sm" data-testid="rule-condition">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Controller
                name={`conditions.${index}.field`}
                control={form}
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
                    error={shown?.field?.message}
                  />
                )}
              />
              {row?.field === 'label' && (
                <TextInput
                  label={`Label name (condition ${n})`}
                  w={160}
                  {...form.register(`conditions.${index}.label`)}
                  error={shown?.label?.message}
                />
              )}
              <Controller
                name={`conditions.${index}.operator`}
                control={form}
                render={({ field: f }) => (
                  <Select
                    label={`Operator (condition ${n})`}
                    data={OPERATOR_OPTIONS}
                    allowDeselect={false}
                    w={220}
                    value={f.value}
                    onChange={(value) => f.onChange(value)}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    error={shown?.operator?.message}
                  />
                )}
              />
              {row?.operator !== 'exists' && (
                <TextInput
                  label={`Value (condition ${n})`}
                  style={{ flex: '1 1 180px' }}
                  {...form.register(`conditions.${index}.value`)}
                  error={shown?.value?.message}
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
        <Button variant="default" onClick={() => conditions.append(newConditionRow())}>
          Add condition
        </Button>
      </Group>
    </Stack>
  );
}
