import { Anchor, Button, Grid, Group, Paper, Slider, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { describeIncidentEvent, incidentTimelineExportPath, type IncidentTimelineEntry } from '@tocsin/contracts';
import { useIncidentAsOf } from '../api/get-incident-as-of';
import { useIncidentHistoryTimeline } from '../api/get-incident-history-timeline';
import { stepIndexOf } from '../lib/history-steps';
import { peopleOfEntries } from '../lib/incident-lookup';
import { useIncidentNames } from '../lib/use-incident-names';
import { ChangesSinceLastLook } from './changes-since-last-look';
import { IncidentSnapshot } from './incident-snapshot';

/** Events listed either side of the selected one (the slider reaches the rest of a long timeline). */
const LIST_WINDOW = 12;

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/** Arrow keys step unless the reader is typing or on a control that takes them itself. */
function takesArrows(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'slider'
  );
}

/**
 * /incidents/{incidentId}/history: step event by event through the incident's past, open or closed, seeing it as
 * it was just after each event. The step is in the address (`?position=`) so it can be shared.
 */
export function IncidentHistoryPage() {
  const { incidentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const timeline = useIncidentHistoryTimeline(incidentId);
  const entries: IncidentTimelineEntry[] = timeline.data?.data ?? [];
  const names = useIncidentNames(peopleOfEntries(entries));
  const index = stepIndexOf(entries, params.get('position'));
  const selected = entries[index];
  // The step last asked for: keys pressed faster than the page renders still step one each.
  const step = useRef(index);
  step.current = index;
  const go = useCallback(
    (next: number) => {
      const to = Math.max(0, Math.min(entries.length - 1, next));
      const entry = entries[to];
      if (!entry) return;
      step.current = to;
      setParams({ position: String(entry.position) }, { replace: true });
    },
    [entries, setParams],
  );
  const asOf = useIncidentAsOf(
    incidentId,
    selected?.position,
    [entries[index - 1]?.position, entries[index + 1]?.position].filter((p): p is number => p !== undefined),
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || takesArrows(event.target)) return;
      const moves: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      go(step.current + moves[event.key]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const incidentHref = `/incidents/${encodeURIComponent(incidentId)}`;
  const first = Math.max(0, index - LIST_WINDOW);
  const shown = entries.slice(first, index + LIST_WINDOW + 1);
  const last = entries.length - 1;

  return (
    <Stack maw={1200}>
      <Anchor component={Link} to={incidentHref} size="sm">
        <span aria-hidden>← </span>Back to the incident
      </Anchor>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        History{asOf.data ? ` of ${asOf.data.incident.reference}` : ''}
      </Title>
      {timeline.isError ? (
        <ErrorAlert error={timeline.error} title="Could not load the incident's timeline" />
      ) : timeline.isPending ? (
        <LoadingArea />
      ) : (
        <>
          <ChangesSinceLastLook incidentId={incidentId} />
          <Group gap="xs">
            <Text size="sm">Export timeline:</Text>
            <Anchor href={incidentTimelineExportPath(incidentId, 'md')} download size="sm">
              Markdown
            </Anchor>
            <Anchor href={incidentTimelineExportPath(incidentId, 'csv')} download size="sm">
              CSV
            </Anchor>
          </Group>
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => go(0)} disabled={index <= 0}>
                    First
                  </Button>
                  <Button size="xs" variant="default" onClick={() => go(index - 1)} disabled={index <= 0}>
                    Previous
                  </Button>
                </Group>
                <Text size="sm" aria-live="polite" data-testid="history-step">
                  Step {index + 1} of {entries.length}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => go(index + 1)} disabled={index >= last}>
                    Next
                  </Button>
                  <Button size="xs" variant="default" onClick={() => go(last)} disabled={index >= last}>
                    Last
                  </Button>
                </Group>
              </Group>
              {entries.length > 1 && (
                <Slider
                  min={1}
                  max={entries.length}
                  step={1}
                  value={index + 1}
                  onChange={(value) => go(value - 1)}
                  label={(value) => `Step ${value}`}
                  thumbLabel="Step"
                  aria-label="Step"
                />
              )}
              <Text size="xs" c="dimmed">
                Arrow keys step back and forward.
              </Text>
            </Stack>
          </Paper>
          {selected && (
            <Paper withBorder p="sm" data-testid="history-event">
              <Text size="sm" c="dimmed">
                {when(selected.at)}
                {selected.system ? ' · by Tocsin' : selected.actor_id ? ` · by ${names.person(selected.actor_id)}` : ''}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>{describeIncidentEvent(selected, names)}</Text>
            </Paper>
          )}
          <Grid>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Events">
                {first > 0 && (
                  <Text size="xs" c="dimmed" component="li">
                    {first} earlier
                  </Text>
                )}
                {shown.map((entry, i) => {
                  const current = first + i === index;
                  return (
                    <li key={entry.position}>
                      <UnstyledButton
                        onClick={() => go(first + i)}
                        aria-current={current ? 'step' : undefined}
                        p={6}
                        w="100%"
                        style={{
                          borderRadius: 4,
                          background: current ? 'var(--mantine-color-blue-light)' : undefined,
                          overflowWrap: 'anywhere',
                        }}
                      >
                        <Text size="xs" c="dimmed">
                          {first + i + 1}. {when(entry.at)}
                        </Text>
                        <Text size="sm" fw={current ? 600 : 400}>
                          {describeIncidentEvent(entry, names)}
                        </Text>
                      </UnstyledButton>
                    </li>
                  );
                })}
                {index + LIST_WINDOW < last && (
                  <Text size="xs" c="dimmed" component="li">
                    {last - index - LIST_WINDOW} later
                  </Text>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder p="md" aria-busy={asOf.isFetching} data-position={asOf.data?.position}>
                {asOf.isError ? (
                  <ErrorAlert error={asOf.error} title="Could not load the incident as it was" />
                ) : asOf.data ? (
                  <IncidentSnapshot incident={asOf.data.incident} names={names} />
                ) : (
                  <LoadingArea />
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
