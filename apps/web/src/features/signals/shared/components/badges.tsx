import { Badge } from '@mantine/core';
import type { Priority } from '@tocsin/domain';
import { PRIORITY_DISPLAY, STATUS_DISPLAY } from '../../alerts/lib/alert-format';
import type { AlertStatus } from '@tocsin/contracts';

// a status or priority this build does not know (a newer api) shows by its name rather than breaking the page
const unknown = (value: string) => ({ label: value, color: 'gray' });

export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  const { label, color } = STATUS_DISPLAY[status] ?? unknown(String(status));
  return (
    <Badge color={color} variant="light" data-testid="alert-status" data-status={status}>
      {label}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  const { label, color } = PRIORITY_DISPLAY[priority] ?? unknown(String(priority));
  return (
    // a dot in the priority's colour beside its name in the page's text colour: readable at any colour
    <Badge color={color} variant="dot" data-testid="alert-priority" data-priority={priority}>
      {label}
    </Badge>
  );
}
