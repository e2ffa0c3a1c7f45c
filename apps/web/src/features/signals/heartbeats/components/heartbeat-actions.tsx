import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Heartbeat, HeartbeatWithSecrets } from '@tocsin/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PermissionButton } from '@/components/ui/permission-button';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation';
import { useDeleteHeartbeat } from '../api/delete-heartbeat';
import { useRotateHeartbeatToken } from '../api/rotate-heartbeat-token';
import { PingUrl } from './ping-url';

/**
 * The heartbeats' row actions: a new ping URL (shown once) and deletion, each asked first. The dialogs live with
 * the list, not the row, so they stay open when the row is drawn again (a card at a narrow width, a table row at a
 * wide one).
 */
export function useHeartbeatActions(canManage: boolean) {
  const rotate = useRotateHeartbeatToken();
  const remove = useDeleteHeartbeat();
  const confirmDelete = useDeleteConfirmation<Heartbeat>(remove);
  const [rotating, setRotating] = useState<Heartbeat | null>(null);
  const [rotated, setRotated] = useState<HeartbeatWithSecrets | null>(null);
  const close = () => (rotate.reset(), setRotating(null));

  const buttons = (heartbeat: Heartbeat) => (
    <Group gap="xs" wrap="nowrap">
      <PermissionButton
        allowed={canManage}
        permission="manage_event_sources"
        variant="default"
        size="compact-sm"
        aria-label={`Rotate token of ${heartbeat.name}`}
        onClick={() => setRotating(heartbeat)}
      >
        Rotate token
      </PermissionButton>
      <PermissionButton
        allowed={canManage}
        permission="manage_event_sources"
        variant="default"
        color="red"
        size="compact-sm"
        aria-label={`Delete ${heartbeat.name}`}
        onClick={() => confirmDelete.ask(heartbeat)}
      >
        Delete
      </PermissionButton>
    </Group>
  );

  const dialogs = (
    <>
      {rotating && (
        <ConfirmDialog
          title="Rotate the ping token?"
          confirmLabel="Rotate token"
          loading={rotate.isPending}
          error={rotate.error}
          errorTitle="Could not rotate the token"
          onClose={close}
          onConfirm={() => rotate.mutate(rotating.id, { onSuccess: (data) => (setRotated(data), close()) })}
        >
          {`The current ping URL of ${rotating.name} stops working at once; the new one is shown this once.`}
        </ConfirmDialog>
      )}
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={`Delete ${confirmDelete.deleting?.name ?? 'the heartbeat'}?`}
        confirmLabel="Delete"
        errorTitle="Could not delete the heartbeat"
      >
        Its ping URL stops working and it is no longer checked. An open alert of it stays open.
      </ConfirmDialog>
      <Modal
        opened={rotated !== null}
        onClose={() => setRotated(null)}
        title={`New ping URL of ${rotated?.name ?? 'the heartbeat'}`}
        size="lg"
      >
        {rotated && (
          <Stack>
            <PingUrl heartbeat={rotated} />
            <Group justify="flex-end">
              <Button onClick={() => setRotated(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
  return { buttons, dialogs };
}
