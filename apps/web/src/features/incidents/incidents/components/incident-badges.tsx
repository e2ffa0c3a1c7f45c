import { Badge } from '@mantine/core';
import type { IncidentStatus } from '@tocsin/contracts';
import { INCIDENT_STATUS_LABELS } from '../lib/incident-filters';

const STATUS_COLORS: Record<IncidentStatus, string> = {
  open: 'red',
  mitigated: 'orange',
  resolved: 'green',
  closed: 'gray',
};

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="incident-status" data-status={status}>
      {INCIDENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** A severity or priority by its settings name, or a dash when the incident has none. */
export function LevelBadge({ label, testId }: { label: string | null; testId: string }) {
  if (label === null) return <span aria-label="none">—</span>;
  return (
    <Badge color="gray" variant="outline" tt="none" data-testid={testId}>
      {label}
    </Badge>
  );
}
