import { Badge, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { announce } from '@/components/ui/announcer';
import { useConnectionState, type ConnectionState } from '@/lib/socket';

const LOOK: Record<ConnectionState, { color: string; label: string }> = {
  connected: { color: 'green', label: 'Live' },
  connecting: { color: 'gray', label: 'Connecting' },
  reconnecting: { color: 'orange', label: 'Reconnecting' },
};

/**
 * Tells the reader whether what they see is still being kept up to date: in words (the colour of its dot
 * only repeats them), and out loud when updates stop and when they come back.
 */
export function ConnectionBadge() {
  const state = useConnectionState();
  useAnnouncedChanges(state);
  return (
    <Badge
      variant="dot"
      color={LOOK[state].color}
      className="live-badge"
      data-testid="connection-badge"
      data-state={state}
    >
      <VisuallyHidden>Live updates: </VisuallyHidden>
      {LOOK[state].label}
    </Badge>
  );
}

/** Says it when live updates stop and when they resume; the first connection of the page goes unsaid. */
function useAnnouncedChanges(state: ConnectionState): void {
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state === 'reconnecting' && was !== 'reconnecting')
      announce('Live updates stopped. Reconnecting; what you see may be out of date.');
    if (state === 'connected' && was === 'reconnecting') announce('Live updates resumed.');
  }, [state]);
}
