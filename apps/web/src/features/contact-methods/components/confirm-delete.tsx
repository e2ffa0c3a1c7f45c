import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a contact method goes: notifications stop reaching it at once. */
export function ConfirmDelete({ title, children, loading, onConfirm, onClose }: Props) {
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>{children}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button color="red" loading={loading} onClick={onConfirm}>Delete</Button>
      </Group>
    </Modal>
  );
}
