import { Notification, Portal, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/** SPEC.md section 8: flash errors as alert toasts, successes as success toasts. */
export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

const DISPLAY_MS = 5000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number) {
  publish(toasts.filter((toast) => toast.id !== id));
}

/** Usable from anywhere (mutation callbacks included): the one host in the provider shows it. */
export function showToast(kind: Toast['kind'], message: string) {
  const id = nextId++;
  publish([...toasts, { id, kind, message }]);
  setTimeout(() => dismissToast(id), DISPLAY_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toasts() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  if (list.length === 0) return null;
  return (
    <Portal>
      <Stack gap="xs" pos="fixed" top={16} right={16} w={360} style={{ zIndex: 1000 }}>
        {list.map((toast) => (
          <Notification
            key={toast.id}
            color={toast.kind === 'success' ? 'green' : 'red'}
            role={toast.kind === 'success' ? 'status' : 'alert'}
            data-testid="toast"
            withBorder
            onClose={() => dismissToast(toast.id)}
            closeButtonProps={{ 'aria-label': 'Dismiss' }}
          >
            {toast.message}
          </Notification>
        ))}
      </Stack>
    </Portal>
  );
}
