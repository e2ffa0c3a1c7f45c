import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { useReturnFocus } from './use-return-focus';

interface Props {
  /** Omitted when the caller renders the dialog only while it is open. */
  opened?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  error?: unknown;
  errorTitle?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone from here (deleting a team or a phone, removing a member). */
export function ConfirmDialog({
  opened = true,
  title,
  children,
  confirmLabel,
  loading,
  error,
  errorTitle,
  onConfirm,
  onClose,
}: Props) {
  useReturnFocus(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {error != null && <ErrorAlert error={error} title={errorTitle} />}
      <Text>{children}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
