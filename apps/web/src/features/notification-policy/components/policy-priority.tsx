import { Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { NotificationPolicyItem } from '@tocsin/contracts';
import { displayIsoDuration, type Priority } from '@tocsin/domain';
import { Fragment } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { PolicyEditor } from '../hooks/use-policy-editor';
import type { PolicyStep } from '../lib/policy-view';
import { PolicyItemFormRow } from './policy-item-form-row';

interface Props {
  priority: Priority;
  steps: readonly PolicyStep[];
  items: readonly NotificationPolicyItem[];
  editor: PolicyEditor;
}

/** One priority of the policy: each channel with the longest delay a member may choose for it. */
export function PolicyPriority({ priority, steps, items, editor }: Props) {
  const draft = editor.draft?.priority === priority ? editor.draft : null;
  const itemOf = (id: string) => items.find((item) => item.id === id) ?? null;
  const form = (item: NotificationPolicyItem | null) => (
    <PolicyItemFormRow editor={editor} item={item} deleting={item !== null && editor.deleting === item.id} />
  );
  const refusal = editor.refusal?.priority === priority ? editor.refusal.message : null;
  return (
    <Stack
      gap="xs"
      component="section"
      aria-label={`${priority} priority policy`}
      data-testid="policy-priority"
      data-priority={priority}
    >
      <Group justify="space-between">
        <Title order={2} size="h4">
          {priority}
        </Title>
        <Button size="xs" variant="light" onClick={() => editor.add(priority)}>
          Add step<VisuallyHidden> for {priority} priority</VisuallyHidden>
        </Button>
      </Group>
      {draft && editor.saveError != null && (
        <ErrorAlert error={editor.saveError} title="Could not save the policy step" />
      )}
      {steps.length === 0 && !(draft && !draft.id) ? (
        <Text size="sm" c="dimmed" data-testid="policy-priority-empty">
          No policy for {priority} priority: members choose their own delays.
        </Text>
      ) : (
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={260}>Notification type</Table.Th>
              <Table.Th w={200}>Delay</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((step) =>
              draft?.id === step.id ? (
                <Fragment key={step.id}>{form(itemOf(step.id))}</Fragment>
              ) : (
                <Table.Tr
                  key={step.id}
                  data-testid="policy-step"
                  data-mode="read"
                  data-item-id={step.id}
                  data-method={step.notification_type.value}
                >
                  <Table.Td fw={500}>{step.notification_type.label}</Table.Td>
                  <Table.Td data-testid="policy-step-delay">{displayIsoDuration(step.delay)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => {
                          const item = itemOf(step.id);
                          if (item) editor.edit(item);
                        }}
                        aria-label={`Edit ${priority} ${step.notification_type.label}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={editor.deleting === step.id}
                        onClick={() => editor.delete(itemOf(step.id))}
                        aria-label={`Delete ${priority} ${step.notification_type.label}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
            {draft && !draft.id && form(null)}
          </Table.Tbody>
        </Table>
      )}
      {refusal && (
        <Alert color="orange" role="alert" data-testid="add-refused">
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
