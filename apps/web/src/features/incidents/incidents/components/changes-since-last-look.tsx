import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useIncidentChanges } from '../api/get-incident-changes';
import { recordIncidentVisit, useRecordIncidentVisit } from '../api/record-incident-visit';
import { describeIncidentEvent, groupEntries } from '@tocsin/contracts';
import { peopleOfEntries } from '../lib/incident-lookup';
import { useIncidentNames } from '../lib/use-incident-names';

/** Entries shown per group; the rest are counted (the timeline has them all). */
const SHOWN_PER_GROUP = 20;

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/**
 * "Changes since you last looked": what happened to the incident after this person's last recorded visit, from
 * the log, grouped and in words. The visit is recorded (at the position shown, so nothing that arrives meanwhile
 * is swallowed) when they mark it seen or leave the page.
 */
/** `quietOnFirstLook`: say nothing to someone who never looked before (the incident page's timeline has it all). */
export function ChangesSinceLastLook({
  incidentId,
  quietOnFirstLook = false,
}: {
  incidentId: string;
  quietOnFirstLook?: boolean;
}) {
  const changes = useIncidentChanges(incidentId);
  const record = useRecordIncidentVisit();
  const names = useIncidentNames(peopleOfEntries(changes.data?.data ?? []));
  const seenUpTo = useRef<number | undefined>(undefined);
  seenUpTo.current = changes.data?.last_position;

  // Leaving the page counts as having looked at what it showed.
  useEffect(
    () => () => {
      if (seenUpTo.current !== undefined)
        void recordIncidentVisit({ incidentId, position: seenUpTo.current }).catch(() => undefined);
    },
    [incidentId],
  );

  if (changes.isPending) return null;
  if (changes.isError) return <ErrorAlert error={changes.error} title="Could not load what changed" />;
  const { data: entries, last_visited_at: lastAt, last_visited_position: lastPosition } = changes.data;
  const since = lastAt ? <>since you last looked at {when(lastAt)}</> : null;
  if (lastPosition === null && quietOnFirstLook) return null;

  if (lastPosition !== null && entries.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="changes-since-last-look">
        Nothing new {since}.
      </Text>
    );

  const groups = groupEntries(entries);
  return (
    <Alert
      color="blue"
      title={
        lastPosition === null
          ? 'Your first look at this incident'
          : `${entries.length} ${entries.length === 1 ? 'change' : 'changes'} since you last looked`
      }
      data-testid="changes-since-last-look"
    >
      <Stack gap="xs">
        {lastPosition === null ? (
          <Text size="sm">Everything that has happened so far:</Text>
        ) : (
          lastAt && <Text size="sm">You last looked at {when(lastAt)}.</Text>
        )}
        {groups.map((group) => (
          <Stack gap={2} key={group.title}>
            <Text size="sm" fw={600}>
              {group.title}
            </Text>
            <List size="sm" spacing={2}>
              {group.entries.slice(0, SHOWN_PER_GROUP).map((entry) => (
                <List.Item key={entry.position} style={{ overflowWrap: 'anywhere' }}>
                  {when(entry.at)}: {describeIncidentEvent(entry, names)}
                </List.Item>
              ))}
            </List>
            {group.entries.length > SHOWN_PER_GROUP && (
              <Text size="xs" c="dimmed">
                and {group.entries.length - SHOWN_PER_GROUP} more
              </Text>
            )}
          </Stack>
        ))}
        {record.isError && <ErrorAlert error={record.error} title="Could not mark as seen" />}
        <Group>
          <Button
            size="xs"
            variant="light"
            loading={record.isPending}
            onClick={() => record.mutate({ incidentId, position: changes.data.last_position })}
          >
            Mark as seen
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
