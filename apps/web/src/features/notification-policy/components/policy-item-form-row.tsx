import { Button, Group, Select, Table } from '@mantine/core';
import type { NotificationPolicyItem } from '@tocsin/contracts';
import { DELAY_OPTIONS, displayIsoDuration, NOTIFICATION_GROUP_METHOD_LABELS } from '@tocsin/domain';
import { Controller } from 'react-hook-form';
import type { PolicyEditor } from '../hooks/use-policy-editor';
import { POLICY_CHANNELS } from '../lib/policy-view';

/** The edited policy step: which channel, and the longest delay allowed for it. */
export function PolicyItemFormRow({
  editor,
  item,
  deleting,
}: {
  editor: PolicyEditor;
  item: NotificationPolicyItem | null;
  deleting: boolean;
}) {
  const { control, formState } = editor.form;
  // An item saved through the API with a duration or a method the selects do not offer (PT3M, apns) keeps it as a choice.
  const delays =
    !item || DELAY_OPTIONS.some((option) => option.value === item.max_delay)
      ? DELAY_OPTIONS
      : [...DELAY_OPTIONS, { value: item.max_delay, label: displayIsoDuration(item.max_delay) }];
  const channels = POLICY_CHANNELS.map((value) => ({ value, label: NOTIFICATION_GROUP_METHOD_LABELS[value] }));
  if (item && !POLICY_CHANNELS.includes(item.notification_group_method)) {
    channels.push({
      value: item.notification_group_method,
      label: `${NOTIFICATION_GROUP_METHOD_LABELS[item.notification_group_method]} (${item.notification_group_method})`,
    });
  }
  return (
    <Table.Tr data-testid="policy-step" data-mode="edit" data-item-id={editor.draft?.id ?? ''}>
      <Table.Td valign="top">
        <Controller
          control={control}
          name="notification_group_method"
          render={({ field }) => (
            <Select
              aria-label="Notification type"
              placeholder="Choose a type"
              data={channels}
              value={field.value || null}
              allowDeselect={false}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={formState.errors.notification_group_method?.message}
              w={220}
            />
          )}
        />
      </Table.Td>
      <Table.Td valign="top">
        <Controller
          control={control}
          name="max_delay"
          render={({ field }) => (
            <Select
              aria-label="Delay"
              placeholder="Choose a delay"
              data={delays}
              value={field.value || null}
              allowDeselect={false}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={formState.errors.max_delay?.message}
              w={170}
            />
          )}
        />
      </Table.Td>
      <Table.Td valign="top">
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button size="xs" onClick={editor.save} loading={editor.saving}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={editor.discard}>
            Discard
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => editor.delete(item)} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
