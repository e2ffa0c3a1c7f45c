import { Button, Group, Select, Text } from '@mantine/core';
import type { DestinationOption, NotificationPolicyItem } from '@tocsin/contracts';
import { DELAY_OPTIONS, noDestinationsMessage, policyHint, settingCompliance, type Priority } from '@tocsin/domain';
import { Controller, useWatch } from 'react-hook-form';
import { firstDestination } from '../lib/step-form';
import { destinationKey, destinationsForChoice, typeChoices, typeToSave, type TypeChoice } from '../lib/type-options';
import type { StepEditor } from '../hooks/use-step-editor';
import { StepCard, StepGrid } from './step-grid';

interface Props {
  editor: StepEditor;
  priority: Priority;
  destinations: readonly DestinationOption[];
  policyItems: readonly NotificationPolicyItem[];
  hideWhatsApp: boolean;
  onDelete: () => void;
  deleting: boolean;
}

/** The edited step: its type, destination and delay, judged against the policy while it is chosen. */
export function StepRowForm({ editor, priority, destinations, policyItems, hideWhatsApp, onDelete, deleting }: Props) {
  const { control, formState, setValue, clearErrors } = editor.form;
  const [type, delay, destination] = useWatch({ control, name: ['type', 'delay', 'destination'] });
  const usable = type ? destinationsForChoice(type, destinations) : [];
  const chosen = destinations.find((candidate) => destinationKey(candidate) === destination);
  const compliance =
    type && delay
      ? settingCompliance(policyItems, {
          id: 'draft',
          notification_type: typeToSave(type, chosen?.type),
          delay,
          notification_priority: priority,
        })
      : null;
  const noDestinations = type && usable.length === 0 ? noDestinationsMessage(type) : undefined;
  return (
    <StepCard
      data-testid="notification-step"
      data-mode="edit"
      data-setting-id={editor.draft?.id ?? ''}
      shadow="xs"
      footer={
        compliance?.status === 'non_compliant' && (
          <Text size="xs" c="red" data-testid="policy-hint">
            {policyHint(compliance.requiredDelay)}
          </Text>
        )
      }
    >
      <StepGrid align="start" variant="form">
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              aria-label="Notification type"
              placeholder="Choose a type"
              data={typeChoices({ hideWhatsApp })}
              value={field.value || null}
              allowDeselect={false}
              onChange={(value) => {
                field.onChange(value ?? '');
                setValue('destination', firstDestination((value ?? '') as TypeChoice | '', destinations));
                clearErrors('destination');
              }}
              onBlur={field.onBlur}
              error={formState.errors.type?.message}
              size="sm"
            />
          )}
        />
        <Controller
          control={control}
          name="destination"
          render={({ field }) => (
            <Select
              aria-label="Destination"
              placeholder={type ? 'Choose a destination' : 'Choose a type first'}
              data={usable.map((option) => ({ value: destinationKey(option), label: option.label }))}
              value={field.value || null}
              allowDeselect={false}
              disabled={!type || usable.length === 0}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={noDestinations ?? formState.errors.destination?.message}
              size="sm"
            />
          )}
        />
        <Controller
          control={control}
          name="delay"
          render={({ field }) => (
            <Select
              aria-label="Delay"
              placeholder="Choose..."
              data={DELAY_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
              value={field.value || null}
              allowDeselect={false}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={formState.errors.delay?.message}
              size="sm"
            />
          )}
        />
        <Group gap={4} justify="flex-end" wrap="nowrap" pt={4}>
          <Button size="compact-sm" onClick={editor.save} loading={editor.saving}>
            Save
          </Button>
          <Button size="compact-sm" variant="default" onClick={editor.discard}>
            Discard
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} loading={deleting}>
            Delete
          </Button>
        </Group>
      </StepGrid>
    </StepCard>
  );
}
