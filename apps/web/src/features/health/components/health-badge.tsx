import { Badge } from '@mantine/core';

export type HealthVerdict = 'healthy' | 'unhealthy' | 'unknown';

const COLOR: Record<HealthVerdict, string> = { healthy: 'green', unhealthy: 'red', unknown: 'gray' };
const LABEL: Record<HealthVerdict, string> = { healthy: 'Healthy', unhealthy: 'Unhealthy', unknown: 'Unknown' };

export function HealthBadge({ verdict, testId }: { verdict: HealthVerdict; testId?: string }) {
  return (
    <Badge color={COLOR[verdict]} data-testid={testId} data-health={verdict}>
      {LABEL[verdict]}
    </Badge>
  );
}

export const verdictOf = (healthy: boolean): HealthVerdict => (healthy ? 'healthy' : 'unhealthy');
