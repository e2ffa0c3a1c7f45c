import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router-dom';

/** SPEC.md section 4: leaving a changed form asks first. */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Unsaved changes" centered>
      <Text>Are you sure you want to navigate away? You'll lose your changes.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
