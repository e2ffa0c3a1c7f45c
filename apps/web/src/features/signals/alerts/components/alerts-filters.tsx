import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { PRIORITIES, type Priority } from '@tocsin/domain';
import { useEffect, useState } from 'react';
import { ALERT_STATUSES, type AlertStatus } from '@tocsin/contracts';
import { changeFilter, hasAlertFilters, NO_ALERT_FILTERS, type AlertFilters } from '../lib/alert-filters';
import { PRIORITY_DISPLAY, STATUS_DISPLAY } from '../lib/alert-format';

interface Props {
  filters: AlertFilters;
  onChange: (filters: AlertFilters) => void;
  /** null: the reader may not see the sources (read_event_sources), so there is nothing to choose from. */
  sources: Array<{ value: string; label: string }> | null;
  teams: Array<{ value: string; label: string }>;
}

const STATUS_OPTIONS = ALERT_STATUSES.map((status) => ({ value: status, label: STATUS_DISPLAY[status].label }));
const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_DISPLAY[priority].label }));

/** Two filters a row on a phone, so the first alerts are on the first screen. */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/** Filters apply as they change; the search waits for a pause in typing so each key does not ask the server. */
export function AlertsFilters({ filters, onChange, sources, teams }: Props) {
  const [search, setSearch] = useState(filters.query);
  // the address is the truth: back and forward (or Clear) bring their own search text
  useEffect(() => setSearch(filters.query), [filters.query]);
  const applySearch = useDebouncedCallback((query: string) => onChange(changeFilter(filters, { query })), 300);
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Alert filters">
      <TextInput
        label="Search"
        placeholder="Summary or label (name=value)"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        type="search"
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => onChange(changeFilter(filters, { status: value as AlertStatus | null }))}
        clearable
        w={{ base: HALF, xs: 160 }}
      />
      <Select
        label="Priority"
        placeholder="Any priority"
        data={PRIORITY_OPTIONS}
        value={filters.priority}
        onChange={(value) => onChange(changeFilter(filters, { priority: value as Priority | null }))}
        clearable
        w={{ base: HALF, xs: 160 }}
      />
      {sources !== null && (
        <Select
          label="Source"
          placeholder="Any source"
          data={sources}
          value={filters.sourceId}
          onChange={(value) => onChange(changeFilter(filters, { sourceId: value }))}
          clearable
          searchable
          w={{ base: HALF, xs: 200 }}
        />
      )}
      <Select
        label="Team"
        placeholder="Any team"
        data={teams}
        value={filters.teamId}
        onChange={(value) => onChange(changeFilter(filters, { teamId: value }))}
        clearable
        searchable
        w={{ base: HALF, xs: 200 }}
      />
      {hasAlertFilters(filters) && (
        <Button variant="default" onClick={() => onChange(NO_ALERT_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
