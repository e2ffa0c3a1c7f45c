import { Alert, List } from '@mantine/core';
import { shortTime } from '../lib/schedule-time';

/** Coverage gaps over the next 30 days: nobody would be paged then. */
export function GapWarning({
  gaps,
  zone,
  title,
}: {
  gaps: Array<{ start: string; end: string }>;
  zone: string;
  title?: string;
}) {
  if (gaps.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={title ?? `Nobody is on call ${gaps.length === 1 ? 'once' : `${gaps.length} times`} in the next 30 days`}
      data-testid="gap-warning"
    >
      Alerts paging this schedule then reach nobody; add an override or change the rotation.
      <List size="sm" mt="xs">
        {gaps.slice(0, 5).map((gap) => (
          <List.Item key={gap.start}>
            {shortTime(zone, gap.start)} to {shortTime(zone, gap.end)}
          </List.Item>
        ))}
        {gaps.length > 5 && <List.Item>and {gaps.length - 5} more</List.Item>}
      </List>
    </Alert>
  );
}
