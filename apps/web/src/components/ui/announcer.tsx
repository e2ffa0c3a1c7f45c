import { VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/**
 * One polite live region for the whole app, in the page from the first render: screen readers announce what
 * is written into a region they already know, and miss regions that appear with their text (as toasts do).
 */
let current = '';
let sequence = 0;
const listeners = new Set<() => void>();

/** Says `message` to screen-reader users once they finish what they are hearing (toasts, live changes). */
export function announce(message: string): void {
  // A repeated message still gets read: the region's text changes each time (a zero-width space alternates).
  sequence += 1;
  current = sequence % 2 === 0 ? message : `${message}\u200b`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Announcer() {
  const message = useSyncExternalStore(
    subscribe,
    () => current,
    () => '',
  );
  return (
    <VisuallyHidden component="div" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </VisuallyHidden>
  );
}
