import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import type { HistoryQuery } from '@tocsin/contracts';
import { localToIso, useFilterDraft } from '@/lib/use-filter-draft';

export type HistoryFilter = Pick<HistoryQuery, 'stream_prefix' | 'type' | 'actor' | 'from' | 'to' | 'per_page'>;

const EMPTY = { stream_prefix: '', type: '', actor: '', from: '', to: '', per_page: 50 };
type Draft = typeof EMPTY;

function toFilter(draft: Draft): HistoryFilter {
  return {
    stream_prefix: draft.stream_prefix.trim() || undefined,
    type: draft.type.trim() || undefined,
    actor: draft.actor.trim() || undefined,
    from: localToIso(draft.from),
    to: localToIso(draft.to),
    per_page: draft.per_page,
  };
}

export function HistoryFilters({ onApply }: { onApply: (filter: HistoryFilter) => void }) {
  const { draft, setDraft, set, submit, clear } = useFilterDraft<Draft, HistoryFilter>(EMPTY, toFilter, onApply);
  return (
    <form onSubmit={submit} aria-label="History filters">
      <Group align="flex-end" gap="sm">
        <TextInput label="Event type" placeholder="PolicyItemCreated" value={draft.type} onChange={set('type')} />
        <TextInput
          label="Stream prefix"
          placeholder="notificationPolicyItem-"
          value={draft.stream_prefix}
          onChange={set('stream_prefix')}
        />
        <TextInput label="Actor" placeholder="user id" value={draft.actor} onChange={set('actor')} />
        <TextInput label="From" type="datetime-local" value={draft.from} onChange={set('from')} />
        <TextInput label="To" type="datetime-local" value={draft.to} onChange={set('to')} />
        <NumberInput
          label="Per page"
          w={100}
          min={1}
          max={500}
          value={draft.per_page}
          onChange={(value) => setDraft((current) => ({ ...current, per_page: Number(value) || EMPTY.per_page }))}
        />
        <Button type="submit">Apply filters</Button>
        <Button variant="default" onClick={clear}>
          Clear
        </Button>
      </Group>
    </form>
  );
}
