import { Anchor, Code, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { IngestLogEntry } from '@tocsin/contracts';
import { OUTCOME_DISPLAY } from '../lib/log-display';

/** Each alert of the payload with what became of it (linked), or what was refused and the start of it. */
export function LogEntryDetails({ entry }: { entry: IngestLogEntry }) {
  return (
    <Stack gap={6}>
      {entry.results.length > 0 && (
        <List size="sm" spacing={2}>
          {entry.results.map((result, index) => (
            <List.Item key={`${result.alert_id}-${index}`}>
              {OUTCOME_DISPLAY[result.outcome].label}:{' '}
              {result.outcome === 'dropped' || result.outcome === 'ignored' ? (
                (result.summary ?? result.dedup_key)
              ) : (
                <Anchor component={Link} to={`/signals/alerts/${encodeURIComponent(result.alert_id)}`} size="sm">
                  {result.summary ?? result.dedup_key}
                </Anchor>
              )}
              {result.episode !== null && ` (episode ${result.episode})`}
              {result.group &&
                (result.group.role === 'first'
                  ? ' · opened an alert group and pages for it'
                  : ' · joined an open alert group: not paged')}
              {result.suppressed &&
                ` · suppressed by maintenance "${result.suppressed.maintenance_name}" until ${new Date(result.suppressed.until).toLocaleString()}: not paged`}
            </List.Item>
          ))}
        </List>
      )}
      {entry.errors.length > 0 && (
        <List size="sm" spacing={2}>
          {entry.errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      )}
      {entry.excerpt && (
        <>
          <Text size="xs" c="dimmed">
            The start of what was sent:
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.excerpt}
          </Code>
        </>
      )}
    </Stack>
  );
}
