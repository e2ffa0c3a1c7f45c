import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { IncidentSettingsPartName } from '@tocsin/contracts';
import { fieldErrorsOf, messagesUnder } from '../lib/field-errors';
import { usePartDraft } from '../lib/use-part-draft';
import { SaveBar, SaveFailure } from './settings-part-page';

/** How one field of an item is edited. `lines` is a list of texts, one a line (a task list's tasks). */
export type FieldSpec =
  | { key: string; label: string; kind: 'text' | 'textarea' | 'lines'; description?: string }
  | { key: string; label: string; kind: 'select'; options: Array<{ value: string; label: string }> }
  | { key: string; label: string; kind: 'checkboxes'; options: Array<{ value: string; label: string }> };

export type Values = Record<string, unknown>;
export interface Row {
  /** React's key: the item's id, or one made for a new row. */
  key: string;
  id: string | null;
  builtIn: boolean;
  values: Values;
}

let fresh = 0;
const newKey = () => `new-${++fresh}`;

/** Items as the page edits them: each item's id and built-in flag kept apart from the fields it edits. */
export type Item = { id: string; built_in?: boolean };
export const rowsOf = (items: ReadonlyArray<Item>): Row[] =>
  items.map(({ id, built_in, ...values }) => ({ key: id, id, builtIn: built_in === true, values: values as Values }));

function FieldInput({
  field,
  value,
  error,
  label,
  onChange,
}: {
  field: FieldSpec;
  value: unknown;
  error?: string;
  label: string;
  onChange: (value: unknown) => void;
}) {
  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          label={label}
          description={field.description}
          value={String(value ?? '')}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'textarea':
    case 'lines':
      return (
        <Textarea
          label={label}
          description={field.kind === 'lines' ? (field.description ?? 'One a line') : field.description}
          value={field.kind === 'lines' ? ((value as string[] | undefined) ?? []).join('\n') : String(value ?? '')}
          error={error}
          autosize
          minRows={2}
          onChange={(event) =>
            onChange(field.kind === 'lines' ? event.currentTarget.value.split('\n') : event.currentTarget.value)
          }
        />
      );
    case 'select':
      return (
        <NativeSelect
          label={label}
          data={field.options}
          value={String(value ?? '')}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'checkboxes':
      return (
        <Checkbox.Group
          label={label}
          value={(value as string[] | undefined) ?? []}
          error={error}
          onChange={(next) => onChange(next)}
        >
          <Group gap="sm" mt={4}>
            {field.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Checkbox.Group>
      );
  }
}

function shown(field: FieldSpec, value: unknown): string {
  if (field.kind === 'select') return field.options.find((option) => option.value === value)?.label ?? '';
  if (field.kind === 'checkboxes')
    return ((value as string[] | undefined) ?? [])
      .map((v) => field.options.find((option) => option.value === v)?.label ?? v)
      .join(', ');
  if (field.kind === 'lines') return ((value as string[] | undefined) ?? []).join(' · ');
  return String(value ?? '');
}

/**
 * One list of the incident settings edited as a whole: add, edit, remove (built-in items are renamed, never
 * removed) and, where order matters, move up and down; saved at once from the revision read. Field messages of
 * the API show under their fields, the list's own above it. Read-only for those who may not manage it.
 */
export function ListEditor({
  part,
  heading,
  itemNoun,
  items,
  revision,
  fields,
  canManage,
  ordered = false,
  canAdd = true,
  addNote,
  newValues,
  toItem,
}: {
  part: IncidentSettingsPartName;
  heading?: string;
  /** "severity", "role": names buttons and the cards' accessible names. */
  itemNoun: string;
  items: ReadonlyArray<Item>;
  revision: number;
  fields: FieldSpec[];
  canManage: boolean;
  ordered?: boolean;
  canAdd?: boolean;
  addNote?: string;
  newValues: () => Values;
  /** The item as the API takes it (position `index` in the list). */
  toItem?: (row: Row, index: number) => Values;
}) {
  const { draft: rows, setDraft: setRows, dirty, reload, submit, save } = usePartDraft(part, rowsOf(items), revision);
  const errors = fieldErrorsOf(save.error);

  const change = (index: number, key: string, value: unknown) =>
    setRows((previous) =>
      previous.map((row, i) => (i === index ? { ...row, values: { ...row.values, [key]: value } } : row)),
    );
  const move = (index: number, to: number) =>
    setRows((previous) => {
      const next = [...previous];
      const [row] = next.splice(index, 1);
      next.splice(to, 0, row);
      return next;
    });
  const remove = (index: number) => setRows((previous) => previous.filter((_, i) => i !== index));
  const add = () =>
    setRows((previous) => [...previous, { key: newKey(), id: null, builtIn: false, values: newValues() }]);
  const onSave = () =>
    submit({ items: rows.map((row, index) => ({ id: row.id, ...(toItem ? toItem(row, index) : row.values) })) });

  const title = (row: Row, index: number) => String(row.values.name ?? '').trim() || `New ${itemNoun} ${index + 1}`;

  return (
    <Stack gap="sm">
      {heading && (
        <Title order={2} size="h4">
          {heading}
        </Title>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={heading ?? itemNoun}>
        {rows.map((row, index) => {
          const path = `items[${index}]`;
          // the row's messages no field of it shows (an unknown id, a custom milestone while they are off)
          const own = Object.entries(errors)
            .filter(([key]) => key === path || key.startsWith(`${path}.`))
            .filter(([key]) => !fields.some((field) => messagesUnder({ [key]: ['-'] }, `${path}.${field.key}`)))
            .flatMap(([, messages]) => messages);
          return (
            <Card key={row.key} component="li" withBorder padding="sm" data-testid="settings-item">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    {ordered && (
                      <Text size="sm" c="dimmed">
                        {index + 1}.
                      </Text>
                    )}
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {title(row, index)}
                    </Text>
                    {row.builtIn && (
                      <Badge variant="light" color="gray" size="sm">
                        Built in
                      </Badge>
                    )}
                  </Group>
                  {canManage && (
                    <Group gap={4} wrap="nowrap">
                      {ordered && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${title(row, index)} up`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${title(row, index)} down`}
                            disabled={index === rows.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            ↓
                          </ActionIcon>
                        </>
                      )}
                      {!row.builtIn && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          aria-label={`Remove ${title(row, index)}`}
                          onClick={() => remove(index)}
                        >
                          Remove
                        </Button>
                      )}
                    </Group>
                  )}
                </Group>
                {canManage ? (
                  <SimpleGrid cols={{ base: 1, sm: fields.length > 1 ? 2 : 1 }} spacing="sm">
                    {fields.map((field) => (
                      <FieldInput
                        key={field.key}
                        field={field}
                        label={field.label}
                        value={row.values[field.key]}
                        error={messagesUnder(errors, `${path}.${field.key}`)}
                        onChange={(value) => change(index, field.key, value)}
                      />
                    ))}
                  </SimpleGrid>
                ) : (
                  <Stack gap={2}>
                    {fields
                      .filter((field) => field.key !== 'name')
                      .map((field) => (
                        <Text key={field.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          <Text span c="dimmed" size="sm">
                            {field.label}:{' '}
                          </Text>
                          {shown(field, row.values[field.key]) || '—'}
                        </Text>
                      ))}
                  </Stack>
                )}
                {own.length > 0 && (
                  <Text size="sm" c="red" role="alert">
                    {own.join(' ')}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </Stack>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm">
          None yet.
        </Text>
      )}
      {canManage && (
        <Group>
          <Button variant="default" onClick={add} disabled={!canAdd}>
            Add {itemNoun}
          </Button>
          {addNote && (
            <Text size="sm" c="dimmed">
              {addNote}
            </Text>
          )}
        </Group>
      )}
      {/* each item's messages are under its fields; the list's own (a built-in left out, a severity still in the
          matrix) and any other in the alert */}
      <SaveFailure error={save.error} onReload={reload} placed={(field) => field.startsWith('items[')} />
      <SaveBar canManage={canManage} dirty={dirty} saving={save.isPending} onSave={onSave} onDiscard={reload} />
    </Stack>
  );
}
