import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone from here (deleting a team, removing a member). */
export function ConfirmDialog({ opened, title, children, confirmLabel, loading, error, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {error != null && <ErrorAlert error={error} />}
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
