import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiKey, ApiKeyWithSecret } from '@tocsin/contracts';
import { API_KEY_MESSAGES } from '@tocsin/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PermissionButton } from '@/components/ui/permission-button';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation';
import { useCurrentUser } from '@/lib/get-me';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useRotateApiKey } from '../api/rotate-api-key';
import { OVERLAPS } from '../lib/api-key-form-values';
import { ApiKeySecret } from './api-key-secret';

/**
 * The keys' row actions: rotation (with how long the old secret keeps working; the new one shown once) and
 * revocation, each asked first. The dialogs live with the list, so a row drawn again keeps them open.
 */
export function useApiKeyActions(canManage: boolean) {
  // a key is rotated by its owner alone: its new secret acts as them
  const me = useCurrentUser();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const confirmRevoke = useDeleteConfirmation<ApiKey>(revoke);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [overlap, setOverlap] = useState('0');
  const [shown, setShown] = useState<ApiKeyWithSecret | null>(null);
  const close = () => (rotate.reset(), setRotating(null), setOverlap('0'));
  const live = (key: ApiKey) => key.status !== 'revoked' && key.status !== 'expired';

  const buttons = (key: ApiKey) =>
    live(key) && (
      <Group gap="xs" wrap="nowrap">
        <PermissionButton
          allowed={canManage && key.owner.id === me.user.id}
          permission="manage_api_keys"
          tooltip={canManage ? API_KEY_MESSAGES.rotateOthers : undefined}
          variant="default"
          size="compact-sm"
          aria-label={`Rotate ${key.name}`}
          onClick={() => setRotating(key)}
        >
          Rotate
        </PermissionButton>
        <PermissionButton
          allowed={canManage}
          permission="manage_api_keys"
          variant="default"
          color="red"
          size="compact-sm"
          aria-label={`Revoke ${key.name}`}
          onClick={() => confirmRevoke.ask(key)}
        >
          Revoke
        </PermissionButton>
      </Group>
    );

  const rotateNow = (key: ApiKey) =>
    rotate.mutate(
      { id: key.id, previous_valid_until: new Date(Date.now() + Number(overlap)).toISOString() },
      { onSuccess: (data) => (setShown(data), close()) },
    );

  const dialogs = (
    <>
      <Modal opened={rotating !== null} onClose={close} title={`Rotate ${rotating?.name ?? 'the key'}?`} centered>
        {rotating && (
          <Stack>
            {rotate.error != null && <ErrorAlert error={rotate.error} title="Could not rotate the key" />}
            <Text>A new secret is made and shown once. Give your programs time to take it:</Text>
            <Select
              label="The old secret"
              data={OVERLAPS}
              value={overlap}
              onChange={(value) => setOverlap(value ?? '0')}
              allowDeselect={false}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button loading={rotate.isPending} onClick={() => rotateNow(rotating)}>
                Rotate key
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        {...confirmRevoke.dialog}
        title={`Revoke ${confirmRevoke.deleting?.name ?? 'the key'}?`}
        confirmLabel="Revoke"
        errorTitle="Could not revoke the key"
      >
        Every request with this key is refused from now on, its old secret too. This cannot be undone.
      </ConfirmDialog>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={`New secret of ${shown?.name ?? 'the key'}`}
        size="lg"
      >
        {shown && (
          <Stack>
            <ApiKeySecret apiKey={shown} />
            <Group justify="flex-end">
              <Button onClick={() => setShown(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
  return { buttons, dialogs };
}
