import { Button, Group, TextInput } from '@mantine/core';
import type { AuditEventFilter } from '@tocsin/contracts';
import { localToIso, useFilterDraft } from '@/lib/use-filter-draft';

const EMPTY = { actor: '', type: '', resource: '', from: '', to: '' };
type Draft = typeof EMPTY;

const toFilter = (draft: Draft): AuditEventFilter => ({
  actor: draft.actor.trim() || undefined,
  type: draft.type.trim() || undefined,
  resource: draft.resource.trim() || undefined,
  from: localToIso(draft.from),
  to: localToIso(draft.to),
});

export function AuditFilters({ onApply }: { onApply: (filter: AuditEventFilter) => void }) {
  const { draft, set, submit, clear } = useFilterDraft<Draft, AuditEventFilter>(EMPTY, toFilter, onApply);
  return (
    <form onSubmit={submit} aria-label="Audit event filters">
      <Group align="flex-end" gap="sm">
        <TextInput label="Actor" placeholder="user or key id" value={draft.actor} onChange={set('actor')} />
        <TextInput label="Event type" placeholder="PolicyItemCreated" value={draft.type} onChange={set('type')} />
        <TextInput
          label="Resource"
          placeholder="incident or incident-<id>"
          value={draft.resource}
          onChange={set('resource')}
        />
        <TextInput label="From" type="datetime-local" value={draft.from} onChange={set('from')} />
        <TextInput label="To" type="datetime-local" value={draft.to} onChange={set('to')} />
        <Button type="submit">Apply filters</Button>
        <Button variant="default" onClick={clear}>
          Clear
        </Button>
      </Group>
    </form>
  );
}
