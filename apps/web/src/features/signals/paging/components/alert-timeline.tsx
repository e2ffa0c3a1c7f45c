import { Badge, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { RelativeTime } from '../../shared/components/relative-time';
import { useAlertTimeline } from '../api/get-alert-timeline';
import { timelineLines, TONE_COLOR, type NameOf } from '../lib/timeline-format';

const MARK = { ok: '✓', failed: '!', pending: '…', neutral: '•' } as const;

/** Every routing decision and notification attempt of the alert, oldest first, live; `nameOf` from its `people`. */
export function AlertTimeline({ alertId, nameOf }: { alertId: string; nameOf: NameOf }) {
  const timeline = useAlertTimeline(alertId);
  if (timeline.isPending) return <LoadingArea />;
  if (timeline.isError) return <ErrorAlert error={timeline.error} title="Could not load the timeline" />;
  if (timeline.data.data.length === 0) {
    return (
      <Text c="dimmed" data-testid="timeline-empty">
        Nothing has happened to this alert yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2} aria-label="Timeline" data-testid="alert-timeline">
      {timelineLines(timeline.data.data, nameOf).map((line) => {
        return (
          <Timeline.Item
            key={line.id}
            data-testid="timeline-entry"
            data-kind={line.kind}
            data-tone={line.tone}
            bullet={
              <ThemeIcon size={22} radius="xl" color={TONE_COLOR[line.tone]} aria-hidden>
                {MARK[line.tone]}
              </ThemeIcon>
            }
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={500} size="sm">
                  {line.title}
                </Text>
                {line.outcomeLabel && (
                  <Badge size="sm" variant="light" color={TONE_COLOR[line.tone]}>
                    {line.outcomeLabel}
                  </Badge>
                )}
              </Group>
            }
          >
            {line.detail && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {line.detail}
              </Text>
            )}
            <Group gap="xs">
              <RelativeTime iso={line.at} size="xs" c="dimmed" />
              <Text size="xs" c="dimmed">
                · episode {line.episode}
              </Text>
            </Group>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
