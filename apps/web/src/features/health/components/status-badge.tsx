import { Badge } from '@mantine/core';
import { useStatus } from '../api/get-status';

/** SPEC.md section 1: green when the indicator is none, otherwise red; a failed fetch is ignored. */
export function StatusBadge() {
  const status = useStatus();
  if (!status.data) {
    return (
      <Badge color="gray" variant="light" data-testid="status-badge" data-indicator="unknown">
        {status.isError ? 'Status unavailable' : 'Checking status'}
      </Badge>
    );
  }
  const { description, indicator } = status.data.status;
  return (
    <Badge color={indicator === 'none' ? 'green' : 'red'} data-testid="status-badge" data-indicator={indicator}>
      {description}
    </Badge>
  );
}
