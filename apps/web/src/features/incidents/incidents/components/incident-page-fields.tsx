import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Incident, IncidentConflictAnswer, IncidentFieldConflict, IncidentFieldName } from '@tocsin/contracts';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';
import { useUpdateIncident } from '../api/update-incident';
import {
  draftOf,
  draftProblem,
  shownValue,
  valueOf,
  type Choice,
  type FieldDraft,
  type FieldKind,
} from '../lib/field-drafts';
import type { IncidentLookup } from '../lib/incident-lookup';
import { FieldInput } from './incident-field-input';

interface FieldSpec {
  field: IncidentFieldName;
  label: string;
  kind: FieldKind;
  choices?: (names: IncidentLookup) => readonly Choice[];
  clearable?: boolean;
}

const named = (items: ReadonlyArray<{ id: string; name: string }>) =>
  items.map((item) => ({ value: item.id, label: item.name }));

/** Every field of the incident, in the order the page lists them. */
const FIELDS: readonly FieldSpec[] = [
  { field: 'name', label: 'Name', kind: 'text' },
  { field: 'summary', label: 'Summary', kind: 'multiline' },
  { field: 'customer_impact', label: 'Customer impact', kind: 'multiline' },
  { field: 'type_id', label: 'Type', kind: 'choice', choices: (n) => named(n.types) },
  { field: 'severity_id', label: 'Severity', kind: 'choice', choices: (n) => named(n.severities), clearable: true },
  { field: 'priority_id', label: 'Priority', kind: 'choice', choices: (n) => named(n.priorities), clearable: true },
  { field: 'team_id', label: 'Team', kind: 'choice', choices: (n) => named(n.teams), clearable: true },
  { field: 'impacted_services', label: 'Impacted services', kind: 'list' },
  { field: 'environments', label: 'Environments', kind: 'list' },
  { field: 'labels', label: 'Labels', kind: 'labels' },
];

const conflictOf = (error: unknown, field: IncidentFieldName): IncidentFieldConflict | undefined =>
  error instanceof ApiError && error.status === 409
    ? (error.body as IncidentConflictAnswer).conflicts?.find((c) => c.field === field)
    : undefined;

/**
 * The incident's fields, each saved on its own with the version it was based on; the type's required fields are
 * the API's to judge (its field messages show with the save).
 */
export function IncidentFields({
  incident,
  names,
  canManage,
  nameOf,
}: {
  incident: Incident;
  names: IncidentLookup;
  canManage: boolean;
  nameOf: (userId: string | null) => string;
}) {
  return (
    <Stack gap="sm">
      {FIELDS.map((spec) => (
        <FieldEditor
          key={spec.field}
          incident={incident}
          spec={spec}
          choices={spec.choices?.(names)}
          canManage={canManage}
          nameOf={nameOf}
        />
      ))}
    </Stack>
  );
}

function FieldEditor({
  incident,
  spec,
  choices,
  canManage,
  nameOf,
}: {
  incident: Incident;
  spec: FieldSpec;
  choices?: readonly Choice[];
  canManage: boolean;
  nameOf: (userId: string | null) => string;
}) {
  const { field, label, kind } = spec;
  const [draft, setDraft] = useState<FieldDraft | null>(null);
  // the version the draft was based on: the field's version when editing began, or theirs after "Use theirs"
  const [base, setBase] = useState(incident.versions[field].version);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateIncident();
  const conflict = conflictOf(update.error, field);
  const shown = (value: unknown) => shownValue(kind, value, choices);

  const save = (version: number) => {
    if (draft === null) return;
    const refused = draftProblem(kind, draft);
    setProblem(refused);
    if (refused) return;
    update.mutate(
      { incidentId: incident.id, body: { [field]: valueOf(kind, draft), versions: { [field]: version } } },
      {
        onSuccess: () => {
          setDraft(null);
          update.reset();
        },
      },
    );
  };
  const edit = () => {
    setDraft(draftOf(kind, incident[field]));
    setBase(incident.versions[field].version);
    setProblem(null);
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
            {shown(incident[field])}
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
  return (
    <Stack gap="xs" data-testid={`field-${field}`}>
      <FieldInput
        kind={kind}
        label={label}
        draft={draft}
        onChange={setDraft}
        choices={choices}
        clearable={spec.clearable}
        error={problem}
      />
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
                setDraft(draftOf(kind, conflict.value));
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
