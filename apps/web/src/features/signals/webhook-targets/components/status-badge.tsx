import { Badge } from '@mantine/core';
import type { WebhookTarget } from '@tocsin/contracts';

/** Active, failing or paused, in words (never by colour alone). */
export function TargetStatusBadge({ target }: { target: WebhookTarget }) {
  if (target.status === 'paused') return <Badge color="red">Paused</Badge>;
  if (target.consecutive_failures > 0)
    return <Badge color="orange">Failing ({target.consecutive_failures} in a row)</Badge>;
  return (
    <Badge color="green" variant="light">
      Active
    </Badge>
  );
}
