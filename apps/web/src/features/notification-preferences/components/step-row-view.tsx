import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { DestinationOption, NotificationSetting } from '@tocsin/contracts';
import { displayIsoDuration, NOTIFICATION_TYPE_LABELS, type RowDisplay } from '@tocsin/domain';
import { ComplianceStatus } from './compliance-status';
import { StepCard, StepGrid } from './step-grid';

interface Props {
  setting: NotificationSetting;
  destinations: readonly DestinationOption[];
  display: RowDisplay | undefined;
  /** Absent in read-only mode. */
  actions?: {
    onEdit: () => void;
    onDuplicate?: () => void;
    onDelete: () => void;
    deleting: boolean;
    onFix?: () => void;
  };
}

/**
 * A saved step read: type, destination, delay and where it stands against the policy. A step too slow for the
 * policy offers its fix (the row opened with the delay the policy needs), not a second step to add.
 */
export function StepRowView({ setting, destinations, display, actions }: Props) {
  const label = NOTIFICATION_TYPE_LABELS[setting.notification_type];
  const delay = displayIsoDuration(setting.delay);
  const destination = destinations.find(
    (d) => d.type === setting.destination.type && d.value === setting.destination.value,
  );
  return (
    <StepCard
      data-testid="notification-step"
      data-setting-id={setting.id}
      data-mode="read"
      footer={
        display?.state === 'non_compliant' && actions?.onFix ? (
          <Stack gap={6} align="flex-start">
            <ComplianceStatus display={display} />
            <Button size="compact-xs" color="red" variant="light" onClick={actions.onFix}>
              Set to {displayIsoDuration(display.requiredDelay)}
              <VisuallyHidden> for {label}</VisuallyHidden>
            </Button>
          </Stack>
        ) : (
          <ComplianceStatus display={display} />
        )
      }
    >
      <StepGrid>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" truncate title={destination?.label ?? setting.destination.value}>
          {destination?.label ?? setting.destination.value}
        </Text>
        <Text size="sm" data-testid="step-delay">
          {delay}
        </Text>
        <Group gap={2} justify="flex-end" wrap="nowrap">
          {actions && (
            <>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={actions.onEdit}
                aria-label={`Edit ${label} after ${delay}`}
              >
                Edit
              </Button>
              {actions.onDuplicate && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={actions.onDuplicate}
                  aria-label={`Duplicate ${label} after ${delay}`}
                >
                  Duplicate
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={actions.deleting}
                onClick={actions.onDelete}
                aria-label={`Delete ${label} after ${delay}`}
              >
                Delete
              </Button>
            </>
          )}
        </Group>
      </StepGrid>
    </StepCard>
  );
}
