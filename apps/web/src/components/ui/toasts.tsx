import { Notifications, notifications, useNotifications } from '@mantine/notifications';
import { useState } from 'react';
import { announce } from './announcer';

/** SPEC.md section 8: flash errors as alert toasts, successes as success toasts. */
export type ToastKind = 'success' | 'error';

/** More wait in a queue (before the host mounts, the store's own limit of 5 applies). */
const LIMIT = 4;
// Short lives: a success only confirms what the user just did; an error stays long enough to be read.
const DISPLAY_MS: Record<ToastKind, number> = { success: 3000, error: 6000 };

/** Usable from anywhere (mutation callbacks included): the one host in the provider shows it. */
export function showToast(kind: ToastKind, message: string, displayMs = DISPLAY_MS[kind]) {
  announce(kind === 'error' ? `Error: ${message}` : message);
  notifications.show({
    message,
    color: kind === 'success' ? 'green' : 'red',
    // Read out by the app's one polite live region (announcer.tsx), which screen readers already know; a
    // toast's own region appears with its text and is often missed, or read twice.
    role: 'group',
    'aria-label': kind === 'success' ? 'Done' : 'Error',
    withBorder: true,
    autoClose: displayMs,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    'data-testid': 'toast',
  });
}

/**
 * Bottom right, where nothing is clicked: at the top they covered the header's Teams button and user menu for
 * their whole life.
 */
export function Toasts() {
  // Mounted with the first toast rather than with the page: its start-up renders would hold up the first screen.
  const { notifications: shown } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && shown.length > 0) setNeeded(true);
  return needed ? <Notifications position="bottom-right" containerWidth={360} limit={LIMIT} /> : null;
}
