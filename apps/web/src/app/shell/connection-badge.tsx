import { Badge } from '@mantine/core';
import { useConnectionState, type ConnectionState } from '@/lib/socket';

const LOOK: Record<ConnectionState, { color: string; label: string }> = {
  connected: { color: 'green', label: 'Live' },
  connecting: { color: 'gray', label: 'Connecting' },
  reconnecting: { color: 'orange', label: 'Reconnecting' },
};

/** Tells the reader whether what they see is still being kept up to date. */
export function ConnectionBadge() {
  const state = useConnectionState();
  return (
    <Badge
      variant="dot"
      color={LOOK[state].color}
      data-testid="connection-badge"
      data-state={state}
      aria-label={`Live updates: ${LOOK[state].label}`}
    >
      {LOOK[state].label}
    </Badge>
  );
}
