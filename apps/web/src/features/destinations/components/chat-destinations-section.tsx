import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ChatDestination } from '@tocsin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { DestinationRowActions } from '@/features/phones/components/destination-row-actions';
import { StatusBadge } from '@/features/phones/components/status-badge';
import { toastFailure } from '@/features/phones/lib/failures';
import { useDeleteChatDestination } from '../api/delete-chat-destination';
import { useChatDestinations } from '../api/get-chat-destinations';
import { CHAT_LABELS } from '../lib/chat-rules';
import { ChatDestinationDialog } from './chat-destination-dialog';

const display = (destination: ChatDestination) => destination.name || CHAT_LABELS[destination.type];

/** The caller's Slack and Teams incoming webhooks: verified ones can be chosen for Slack and Teams notifications. */
export function ChatDestinationsSection() {
  const [dialog, setDialog] = useState<'new' | ChatDestination | null>(null);
  const [deleting, setDeleting] = useState<ChatDestination | null>(null);
  const destinations = useChatDestinations();
  const remove = useDeleteChatDestination();

  const confirmDelete = async (destination: ChatDestination) => {
    try {
      await remove.mutateAsync(destination.id);
      showToast('success', 'Chat destination has been deleted');
      setDeleting(null);
      focusWhenShown('section[aria-labelledby="chat-destinations-title"] button');
    } catch (error) {
      toastFailure(error);
    }
  };
  const list = destinations.data ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="chat-destinations-title">
      <Group justify="space-between">
        <div>
          <Title order={3} size="h5" id="chat-destinations-title">
            Slack and Microsoft Teams
          </Title>
          <Text size="sm" c="dimmed">
            Verified incoming webhooks can receive alerts in a channel or your direct messages.
          </Text>
        </div>
        <Button variant="light" onClick={() => setDialog('new')}>
          Add chat destination
        </Button>
      </Group>
      {destinations.isPending ? (
        <LoadingArea />
      ) : destinations.isError ? (
        <ErrorAlert error={destinations.error} title="Could not load your chat destinations" />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="chat-destinations-empty">
          No chat destinations yet.
        </Text>
      ) : (
        <Table aria-label="Chat destinations" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Destination</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((destination) => (
              <Table.Tr key={destination.id} data-testid="chat-destination-row">
                <Table.Td>
                  <Text fw={500} size="sm">
                    {display(destination)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {CHAT_LABELS[destination.type]} · {destination.url_hint}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge verified={destination.verified} />
                </Table.Td>
                <Table.Td>
                  <DestinationRowActions
                    name={display(destination)}
                    verify={
                      destination.verified
                        ? undefined
                        : {
                            label: 'Verify',
                            ariaLabel: `Verify ${display(destination)}`,
                            onClick: () => setDialog(destination),
                          }
                    }
                    onDelete={() => setDeleting(destination)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog !== null && (
        <ChatDestinationDialog destination={dialog === 'new' ? null : dialog} onClose={() => setDialog(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete chat destination"
          confirmLabel="Delete"
          loading={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          Delete {display(deleting)}? Notifications will no longer be sent to it.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
