import { ActionIcon, Button, Group, Input, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { LabelRow } from '../lib/declare-form';
import type { Choice, FieldDraft, FieldKind } from '../lib/field-drafts';

interface Props {
  kind: FieldKind;
  label: string;
  draft: FieldDraft;
  onChange: (draft: FieldDraft) => void;
  choices?: readonly Choice[];
  /** A choice that may be left empty (no severity, no team); the type may not. */
  clearable?: boolean;
  error?: string | null;
}

/** The input of one of the incident's fields, by its kind; the labels as name and value rows. */
export function FieldInput({ kind, label, draft, onChange, choices = [], clearable, error }: Props) {
  const shared = { label, error: error ?? undefined };
  switch (kind) {
    case 'text':
      return <TextInput {...shared} value={draft as string} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'multiline':
      return (
        <Textarea
          {...shared}
          value={draft as string}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      );
    case 'choice':
      return (
        <Select
          {...shared}
          data={[...choices]}
          value={(draft as string) || null}
          onChange={(value) => onChange(value ?? '')}
          clearable={clearable}
          allowDeselect={clearable}
          searchable
        />
      );
    case 'list':
      return (
        <TagsInput
          {...shared}
          description="Press Enter after each."
          value={draft as string[]}
          onChange={onChange}
          clearable
        />
      );
    case 'labels':
      return <LabelRows {...shared} rows={draft as LabelRow[]} onChange={onChange} />;
  }
}

/** Labels as name/value rows, added and removed one at a time (the incident page and the declare form). */
export function LabelRows({
  label,
  error,
  required,
  rows,
  onChange,
}: {
  label: string;
  error?: string;
  required?: boolean;
  rows: LabelRow[];
  onChange: (rows: LabelRow[]) => void;
}) {
  const set = (index: number, row: Partial<LabelRow>) =>
    onChange(rows.map((current, i) => (i === index ? { ...current, ...row } : current)));
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={required}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Label ${index + 1} name`}
              placeholder="Name"
              style={{ flex: 1 }}
              value={row.key}
              onChange={(e) => set(index, { key: e.currentTarget.value })}
            />
            <TextInput
              aria-label={`Label ${index + 1} value`}
              placeholder="Value"
              style={{ flex: 1 }}
              value={row.value}
              onChange={(e) => set(index, { value: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove label ${index + 1}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <span aria-hidden>×</span>
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="default"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add label
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
