import { Alert, List } from '@mantine/core';
import { shortTime } from '../lib/schedule-time';

/** "Nobody is on call for 1 stretch in the next 30 days", with the schedule's name in front where it is not the page's. */
export const gapTitle = (count: number, scheduleName?: string) =>
  `${scheduleName ? `${scheduleName}: nobody` : 'Nobody'} is on call for ${count} ${count === 1 ? 'stretch' : 'stretches'} in the next 30 days`;

/** Coverage gaps over the next 30 days: nobody would be paged then. */
export function GapWarning({
  gaps,
  zone,
  scheduleName,
}: {
  gaps: Array<{ start: string; end: string }>;
  zone: string;
  scheduleName?: string;
}) {
  if (gaps.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={gapTitle(gaps.length, scheduleName)} data-testid="gap-warning">
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
