import { Alert, Box, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DestinationOption, NotificationPolicyItem, NotificationSetting } from '@tocsin/contracts';
import { longestDelayWithin, type Compliance, type Priority } from '@tocsin/domain';
import { Fragment } from 'react';
import type { StepEditor } from '../hooks/use-step-editor';
import { firstDestination } from '../lib/step-form';
import { choiceOf } from '../lib/type-options';
import { StepRowForm } from './step-row-form';
import { StepGrid } from './step-grid';
import { StepRowView } from './step-row-view';
import { UnmetPolicyItemRow } from './unmet-policy-row';

interface Props {
  priority: Priority;
  settings: readonly NotificationSetting[];
  destinations: readonly DestinationOption[];
  compliance: Compliance | undefined;
  policyItems: readonly NotificationPolicyItem[];
  hideWhatsApp: boolean;
  /** Absent in read-only mode. */
  editor?: StepEditor;
}

/** One priority's notification steps, in the order they fire, with the policy items still unmet below them. */
export function PrioritySteps({
  priority,
  settings,
  destinations,
  compliance,
  policyItems,
  hideWhatsApp,
  editor,
}: Props) {
  const mine = settings.filter((setting) => setting.notification_priority === priority);
  const unmet = (compliance?.unmet ?? []).filter((item) => item.priority === priority);
  const displayOf = (id: string) => compliance?.settings.find((entry) => entry.id === id)?.display;
  // a step too slow is fixed in place: opened with the longest delay option the policy allows
  const fixOf = (id: string, open: (delay: string) => void) => {
    const display = displayOf(id);
    if (display?.state === 'non_compliant') open(longestDelayWithin(display.requiredDelay));
  };
  const draft = editor?.draft;
  const editing = (id?: string) => draft && draft.priority === priority && draft.id === id;
  const form = (onDelete: () => void, deleting: boolean) =>
    editor && (
      <StepRowForm
        editor={editor}
        priority={priority}
        destinations={destinations}
        policyItems={policyItems}
        hideWhatsApp={hideWhatsApp}
        onDelete={onDelete}
        deleting={deleting}
      />
    );
  const refusal = editor?.refusal?.priority === priority ? editor.refusal.message : null;
  const empty = mine.length === 0 && unmet.length === 0 && !editing(undefined);
  return (
    <Stack
      gap="xs"
      data-testid="priority-steps"
      data-priority={priority}
      component="section"
      aria-label={`${priority} priority notifications`}
    >
      <Group justify="space-between">
        <Title order={3} size="h5">
          {priority} priority
        </Title>
        {editor && (
          <Button size="xs" variant="light" onClick={() => editor.add(priority)}>
            Add notification<VisuallyHidden> for {priority} priority</VisuallyHidden>
          </Button>
        )}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" data-testid="priority-empty">
          No notifications for {priority} priority alerts.
        </Text>
      ) : (
        <Stack gap={6}>
          <Box px="sm">
            <StepGrid header>
              {['Notification type', 'Destination', 'Delay'].map((heading) => (
                <Text key={heading} size="xs" fw={600} c="dimmed" tt="uppercase">
                  {heading}
                </Text>
              ))}
            </StepGrid>
          </Box>
          {mine.map((setting) =>
            editing(setting.id) ? (
              <Fragment key={setting.id}>
                {form(() => editor?.delete(setting), editor?.deleting === setting.id)}
              </Fragment>
            ) : (
              <StepRowView
                key={setting.id}
                setting={setting}
                destinations={destinations}
                display={displayOf(setting.id)}
                actions={
                  editor && {
                    onEdit: () => editor.edit(setting),
                    onFix: () => fixOf(setting.id, (delay) => editor.edit(setting, { delay })),
                    onDuplicate: editor.duplicable(setting) ? () => editor.duplicate(setting) : undefined,
                    onDelete: () => editor.delete(setting),
                    deleting: editor.deleting === setting.id,
                  }
                }
              />
            ),
          )}
          {editing(undefined) && form(() => editor?.delete(null), false)}
          {unmet.map((item) => (
            <UnmetPolicyItemRow
              key={item.notification_policy_item_id}
              item={item}
              onAdd={
                editor &&
                (() => {
                  const type = choiceOf(item.prefill.notification_type);
                  editor.add(priority, {
                    type,
                    destination: firstDestination(type, destinations),
                    delay: item.prefill.delay,
                  });
                })
              }
            />
          ))}
        </Stack>
      )}
      {refusal && (
        <Alert color="orange" role="alert" data-testid="add-refused">
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
