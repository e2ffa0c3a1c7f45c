import { Badge, Stack, Text } from '@mantine/core';
import { displayIsoDuration, type RowDisplay } from '@tocsin/domain';

/** SPEC.md section 4: what a saved row says of the policy; a row too slow names the delay it must have. */
export function ComplianceStatus({ display }: { display: RowDisplay | undefined }) {
  if (!display) return null;
  switch (display.state) {
    case 'compliant':
      return (
        <Badge color="green" variant="light" tt="none" data-testid="compliance-status" data-state={display.state}>
          {display.label}
        </Badge>
      );
    case 'non_compliant':
      return (
        <Stack gap={2} data-testid="compliance-status" data-state={display.state}>
          <Badge color="red" variant="light" tt="none">
            {display.label}: {displayIsoDuration(display.requiredDelay)}
          </Badge>
          <Text size="xs" c="red" data-testid="policy-hint">
            {display.hint}
          </Text>
        </Stack>
      );
    case 'not_required':
      return (
        <Badge color="gray" variant="light" tt="none" data-testid="compliance-status" data-state={display.state}>
          {display.label}
        </Badge>
      );
    case 'no_policy':
      return (
        <Text size="sm" c="dimmed" data-testid="compliance-status" data-state={display.state}>
          {display.label}
        </Text>
      );
  }
}
