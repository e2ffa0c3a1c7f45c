import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { HandoffNotificationSetting } from '@tocsin/contracts';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useDeleteHandoffNotification } from '../api/delete-handoff-notification';
import { useHandoffNotifications } from '../api/get-handoff-notifications';
import { describeHandoff } from '../lib/handoff-form';
import { HandoffReminderForm } from './handoff-reminder-form';

/** Reminders before one's on-call shifts change hands; editable by members and owners, read by others. */
export function HandoffReminders({ canEdit, hideWhatsApp }: { canEdit: boolean; hideWhatsApp: boolean }) {
  const reminders = useHandoffNotifications();
  const remove = useDeleteHandoffNotification();
  const [editing, setEditing] = useState<HandoffNotificationSetting | 'new' | null>(null);
  const drop = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => showToast('success', 'Handoff reminder has been deleted'),
      onError: (error) => showToast('error', error.message),
    });
  return (
    <Stack gap="xs" component="section" aria-label="Handoff reminders" data-testid="handoff-reminders">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Shift handoff reminders
        </Title>
        {canEdit && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            Add reminder
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Each reminder comes this long before each of your on-call shifts starts, saying whom you take over from. One due
        outside its hours comes at the end of the working day before. A change to your shifts in the next 30 days (a
        rotation edited, an override, a swap) is emailed to you.
      </Text>
      {reminders.isError ? (
        <ErrorAlert error={reminders.error} title="Could not load your handoff reminders" />
      ) : reminders.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reminders before your on-call shifts change hands.
        </Text>
      ) : (
        reminders.data?.map((reminder) => (
          <Paper key={reminder.id} withBorder radius="sm" px="sm" py={8} data-testid="handoff-reminder">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{describeHandoff(reminder)}</Text>
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing(reminder)}>
                    Edit
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === reminder.id}
                    onClick={() => drop(reminder.id)}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        ))
      )}
      {editing && (
        <HandoffReminderForm
          setting={editing === 'new' ? null : editing}
          hideWhatsApp={hideWhatsApp}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
