import { Stack, Table, Text, Title } from '@mantine/core';
import type { PushDevice } from '@tocsin/contracts';
import type { PushPlatform } from '@tocsin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { DestinationRowActions } from '@/features/phones/components/destination-row-actions';
import { toastFailure } from '@/features/phones/lib/failures';
import { useDeletePushDevice } from '../api/delete-push-device';
import { usePushDevices } from '../api/get-push-devices';

const PLATFORMS: Record<PushPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };
const display = (device: PushDevice) => device.name || `${PLATFORMS[device.platform]} device ${device.token_hint}`;

/**
 * The devices the mobile app registered (POST /api/v1/push_devices, in the API documentation): each can be chosen
 * for Push notifications, and removed here (a lost phone).
 */
export function PushDevicesSection() {
  const [deleting, setDeleting] = useState<PushDevice | null>(null);
  const devices = usePushDevices();
  const remove = useDeletePushDevice();
  const list = devices.data ?? [];

  const confirmDelete = async (device: PushDevice) => {
    try {
      await remove.mutateAsync(device.id);
      showToast('success', 'Device has been removed');
      setDeleting(null);
      focusWhenShown('section[aria-labelledby="push-devices-title"] h3');
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="push-devices-title">
      <div>
        <Title order={3} size="h5" id="push-devices-title" tabIndex={-1}>
          Push devices
        </Title>
        <Text size="sm" c="dimmed">
          Phones and browsers where the Tocsin app is signed in as you receive alerts as push notifications.
        </Text>
      </div>
      {devices.isPending ? (
        <LoadingArea />
      ) : devices.isError ? (
        <ErrorAlert error={devices.error} title="Could not load your devices" />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="push-devices-empty">
          No devices yet. Sign in to the mobile app to add this phone.
        </Text>
      ) : (
        <Table aria-label="Push devices" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Platform</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((device) => (
              <Table.Tr key={device.id} data-testid="push-device-row">
                <Table.Td>
                  <Text fw={500} size="sm">
                    {display(device)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{PLATFORMS[device.platform]}</Text>
                </Table.Td>
                <Table.Td>
                  <DestinationRowActions
                    name={display(device)}
                    deleteLabel="Remove"
                    onDelete={() => setDeleting(device)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {deleting && (
        <ConfirmDialog
          title="Remove device"
          confirmLabel="Remove"
          loading={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          Remove {display(deleting)}? It will no longer receive alerts until the app registers it again.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
