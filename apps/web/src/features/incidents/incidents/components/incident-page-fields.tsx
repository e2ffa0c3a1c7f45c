import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type {
  Incident,
  IncidentConflictAnswer,
  IncidentFieldConflict,
  IncidentFieldName,
  IncidentSettingsResource,
} from '@tocsin/contracts';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';
import { useUpdateIncident } from '../api/update-incident';

type EditableField = 'name' | 'summary' | 'customer_impact' | 'severity_id' | 'priority_id';

const LABELS: Record<EditableField, string> = {
  name: 'Name',
  summary: 'Summary',
  customer_impact: 'Customer impact',
  severity_id: 'Severity',
  priority_id: 'Priority',
};

const conflictOf = (error: unknown, field: IncidentFieldName): IncidentFieldConflict | undefined =>
  error instanceof ApiError && error.status === 409
    ? (error.body as IncidentConflictAnswer).conflicts?.find((c) => c.field === field)
    : undefined;

/** The incident's editable fields, each saved on its own with the version it was based on. */
export function IncidentFields({
  incident,
  settings,
  canManage,
  nameOf,
}: {
  incident: Incident;
  settings: IncidentSettingsResource | undefined;
  canManage: boolean;
  nameOf: (userId: string | null) => string;
}) {
  const severities = settings?.severities.map((s) => ({ value: s.id, label: s.name }));
  const priorities = settings?.priorities.map((p) => ({ value: p.id, label: p.name }));
  return (
    <Stack gap="sm">
      <FieldEditor incident={incident} field="name" canManage={canManage} nameOf={nameOf} />
      <FieldEditor incident={incident} field="summary" canManage={canManage} nameOf={nameOf} multiline />
      <FieldEditor incident={incident} field="customer_impact" canManage={canManage} nameOf={nameOf} multiline />
      <FieldEditor incident={incident} field="severity_id" canManage={canManage} nameOf={nameOf} options={severities} />
      <FieldEditor incident={incident} field="priority_id" canManage={canManage} nameOf={nameOf} options={priorities} />
    </Stack>
  );
}

function FieldEditor({
  incident,
  field,
  canManage,
  nameOf,
  multiline,
  options,
}: {
  incident: Incident;
  field: EditableField;
  canManage: boolean;
  nameOf: (userId: string | null) => string;
  multiline?: boolean;
  options?: Array<{ value: string; label: string }>;
}) {
  const label = LABELS[field];
  const current = (incident[field] as string | null) ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  // the version the draft was based on: the field's version when editing began, or theirs after "Use theirs"
  const [base, setBase] = useState(incident.versions[field].version);
  const update = useUpdateIncident();
  const conflict = conflictOf(update.error, field);
  const shown = (value: unknown) =>
    options?.find((o) => o.value === value)?.label ?? (value === null || value === '' ? '—' : String(value));

  const save = (version: number) => {
    if (draft === null) return;
    const value = options && draft === '' ? null : draft;
    update.mutate(
      { incidentId: incident.id, body: { [field]: value, versions: { [field]: version } } },
      {
        onSuccess: () => {
          setDraft(null);
          update.reset();
        },
      },
    );
  };
  const edit = () => {
    setDraft(current);
    setBase(incident.versions[field].version);
    update.reset();
  };

  if (draft === null) {
    return (
      <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={`field-${field}`}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={`field-${field}-value`}>
            {shown(current)}
          </Text>
        </Stack>
        {canManage && (
          <Button size="compact-sm" variant="subtle" onClick={edit} aria-label={`Edit ${label.toLowerCase()}`}>
            Edit
          </Button>
        )}
      </Group>
    );
  }
  const input = options ? (
    <Select label={label} data={options} value={draft || null} onChange={(v) => setDraft(v ?? '')} clearable />
  ) : multiline ? (
    <Textarea label={label} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} autosize minRows={2} />
  ) : (
    <TextInput label={label} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} />
  );
  return (
    <Stack gap="xs" data-testid={`field-${field}`}>
      {input}
      {conflict ? (
        <Alert color="yellow" role="alert" title="Someone else saved this field" data-testid={`conflict-${field}`}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {nameOf(conflict.set_by)} changed this to {shown(conflict.value)} at{' '}
            {new Date(conflict.set_at).toLocaleString()}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                setDraft(conflict.value === null ? '' : String(conflict.value));
                setBase(conflict.version);
                update.reset();
              }}
            >
              Use theirs
            </Button>
            <Button size="compact-sm" onClick={() => save(conflict.version)} loading={update.isPending}>
              Save mine on top
            </Button>
          </Group>
        </Alert>
      ) : (
        update.isError && <ErrorAlert error={update.error} title={`Could not save ${label.toLowerCase()}`} />
      )}
      <Group gap="xs">
        {!conflict && (
          <Button size="compact-sm" onClick={() => save(base)} loading={update.isPending}>
            Save
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => {
            setDraft(null);
            update.reset();
          }}
        >
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
