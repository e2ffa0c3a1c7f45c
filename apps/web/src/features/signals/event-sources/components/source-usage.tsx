import { Anchor, Card, List, Progress, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { EventSource } from '@tocsin/contracts';
import { RelativeTime } from '../../shared/components/relative-time';
import { useIngestLogs } from '../../ingest/api/get-ingest-logs';

const RECENT_REFUSALS = 5;

/** The source's limit, how much of it this minute used, and its latest 429 answers (from the ingest log). */
export function SourceUsage({ source }: { source: EventSource }) {
  const refusals = useIngestLogs({ source_id: source.id, outcome: 'rate_limited', per_page: RECENT_REFUSALS });
  const { current, per_minute: limit, refused_last_hour: refusedLastHour } = source.rate;
  const used = Math.min(100, limit > 0 ? (current / limit) * 100 : 0);
  const entries = refusals.data?.data ?? [];
  return (
    <Card withBorder data-testid="source-usage">
      <Title order={2} size="h4" mb="sm">
        Limit
      </Title>
      <Text size="sm" data-testid="source-current-count">
        {current} of {limit} payloads this minute
      </Text>
      <Progress
        value={used}
        color={used >= 100 ? 'red' : 'blue'}
        mt={6}
        aria-label="Share of the limit used this minute"
      />
      <Title order={3} size="h5" mt="md" mb={6}>
        Refused for the limit (429)
      </Title>
      <Text size="sm" data-testid="source-refused-last-hour">
        {refusedLastHour === 0 ? 'None in the last hour.' : `${refusedLastHour} in the last hour.`}
      </Text>
      {entries.length > 0 && (
        <List size="sm" mt={6} data-testid="source-rejections">
          {entries.map((entry) => (
            <List.Item key={entry.id}>
              <RelativeTime iso={entry.received_at} span />
            </List.Item>
          ))}
        </List>
      )}
      {refusedLastHour > 0 && (
        <Anchor
          component={Link}
          to={`/signals/logs?source=${encodeURIComponent(source.id)}&outcome=rate_limited`}
          size="sm"
          mt={6}
        >
          See them in the event logs
        </Anchor>
      )}
    </Card>
  );
}
