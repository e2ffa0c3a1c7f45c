import { Badge } from '@mantine/core';
import type { MaintenanceStatusName } from '@tocsin/contracts';
import { STATUS_LABELS } from '../lib/maintenance-form-values';

const COLORS: Record<MaintenanceStatusName, string> = {
  scheduled: 'blue',
  in_progress: 'orange',
  completed: 'gray',
  cancelled: 'gray',
};

/** The maintenance's state in words (never by colour alone). */
export function MaintenanceStatusBadge({ status }: { status: MaintenanceStatusName }) {
  return (
    <Badge color={COLORS[status]} variant={status === 'in_progress' ? 'filled' : 'light'}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
