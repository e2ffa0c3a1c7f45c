import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { IncidentStatus } from '@tocsin/contracts';
import {
  changeIncidentFilter,
  hasIncidentFilters,
  INCIDENT_SINCE_OPTIONS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  NO_INCIDENT_FILTERS,
  type IncidentFilters,
  type IncidentSince,
} from '../lib/incident-filters';

interface Props {
  filters: IncidentFilters;
  onChange: (filters: IncidentFilters) => void;
  severities: Array<{ value: string; label: string }>;
  teams: Array<{ value: string; label: string }>;
}

const STATUS_OPTIONS = INCIDENT_STATUSES.map((status) => ({ value: status, label: INCIDENT_STATUS_LABELS[status] }));
const SINCE_OPTIONS = INCIDENT_SINCE_OPTIONS.map(({ value, label }) => ({ value, label }));
/** Two filters a row on a phone, so the first incidents are on the first screen. */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/** Filters apply as they change; the search waits for a pause in typing so each key does not ask the server. */
export function IncidentsFilters({ filters, onChange, severities, teams }: Props) {
  const [search, setSearch] = useState(filters.query);
  // the address is the truth: back and forward (or Clear) bring their own search text
  useEffect(() => setSearch(filters.query), [filters.query]);
  const applySearch = useDebouncedCallback((query: string) => onChange(changeIncidentFilter(filters, { query })), 300);
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Incident filters">
      <TextInput
        label="Search"
        placeholder="Name or summary"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        type="search"
        w={{ base: '100%', sm: 240 }}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => onChange(changeIncidentFilter(filters, { status: value as IncidentStatus | null }))}
        clearable
        w={{ base: HALF, xs: 150 }}
      />
      <Select
        label="Severity"
        placeholder="Any severity"
        data={severities}
        value={filters.severityId}
        onChange={(value) => onChange(changeIncidentFilter(filters, { severityId: value }))}
        clearable
        w={{ base: HALF, xs: 150 }}
      />
      <Select
        label="Team"
        placeholder="Any team"
        data={teams}
        value={filters.teamId}
        onChange={(value) => onChange(changeIncidentFilter(filters, { teamId: value }))}
        clearable
        searchable
        w={{ base: HALF, xs: 190 }}
      />
      <Select
        label="Started"
        placeholder="Any time"
        data={SINCE_OPTIONS}
        value={filters.since}
        onChange={(value) => onChange(changeIncidentFilter(filters, { since: value as IncidentSince | null }))}
        clearable
        w={{ base: HALF, xs: 160 }}
      />
      {hasIncidentFilters(filters) && (
        <Button variant="default" onClick={() => onChange(NO_INCIDENT_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
