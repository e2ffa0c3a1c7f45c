import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  describeIncidentEvent,
  type Incident,
  type IncidentNames,
  type IncidentSettingsResource,
  type IncidentTimelineEntry,
  type RoomViewer,
} from '@tocsin/contracts';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAddIncidentNote } from '../api/add-incident-note';
import { getStatusUpdateDraft } from '../api/get-status-update-draft';
import { usePostStatusUpdate } from '../api/post-status-update';
import { useStarTimelineEntry } from '../api/star-timeline-entry';
import { visibleEntries, type TimelineOrder } from '../lib/timeline-entries';

/** The record: newest or oldest first, system events folded away until asked for, a shared star per entry. */
export function IncidentTimeline({
  incident,
  entries,
  canManage,
  nameOf,
  names,
}: {
  incident: Incident;
  entries: IncidentTimelineEntry[];
  canManage: boolean;
  nameOf: (userId: string | null) => string;
  names: IncidentNames;
}) {
  const [order, setOrder] = useState<TimelineOrder>('desc');
  const [showSystem, setShowSystem] = useState(false);
  const star = useStarTimelineEntry();
  const shown = visibleEntries(entries, { order, showSystem });
  const folded = visibleEntries(entries, { order, showSystem: false }).folded;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={order}
          onChange={(v) => setOrder(v as TimelineOrder)}
          data={[
            { value: 'desc', label: 'Newest first' },
            { value: 'asc', label: 'Oldest first' },
          ]}
          aria-label="Timeline order"
        />
        {folded > 0 && (
          <Button size="compact-sm" variant="subtle" onClick={() => setShowSystem((s) => !s)}>
            {showSystem ? 'Hide system events' : `Show ${folded} system event${folded === 1 ? '' : 's'}`}
          </Button>
        )}
      </Group>
      <Stack gap="xs" data-testid="incident-timeline">
        {shown.entries.map((entry) => (
          <Paper
            key={entry.position}
            withBorder
            p="xs"
            data-testid="timeline-entry"
            data-position={entry.position}
            data-kind={entry.kind}
            bg={entry.kind === 'status_update' ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {new Date(entry.at).toLocaleString()} · {entry.actor_id ? nameOf(entry.actor_id) : 'System'}
                  </Text>
                  {entry.kind === 'note' && <Badge size="xs">Note</Badge>}
                  {entry.kind === 'status_update' && <Badge size="xs">Status update</Badge>}
                  {entry.system && (
                    <Badge size="xs" color="gray">
                      System
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {/* a note or a status update is its own words (its badge says which) */}
                  {entry.kind === 'note' || entry.kind === 'status_update'
                    ? String(entry.data.body ?? '')
                    : describeIncidentEvent(entry, names)}
                </Text>
              </Stack>
              <ActionIcon
                variant={entry.starred ? 'filled' : 'subtle'}
                color="yellow"
                aria-label={entry.starred ? 'Unstar entry' : 'Star entry'}
                aria-pressed={entry.starred}
                disabled={!canManage}
                onClick={() =>
                  star.mutate({ incidentId: incident.id, position: entry.position, starred: !entry.starred })
                }
              >
                {entry.starred ? '★' : '☆'}
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      {star.isError && <ErrorAlert error={star.error} title="Could not star the entry" />}
    </Stack>
  );
}

/** The note composer: tells the room while the person types, and shows who else is typing. */
export function NoteComposer({
  incident,
  typers,
  me,
  setTyping,
}: {
  incident: Incident;
  typers: RoomViewer[];
  me: string;
  setTyping: (typing: boolean) => void;
}) {
  const [body, setBody] = useState('');
  const add = useAddIncidentNote();
  const others = typers.filter((t) => t.user_id !== me).map((t) => t.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { incidentId: incident.id, body },
      {
        onSuccess: () => {
          setBody('');
          setTyping(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label="Note"
          placeholder="What happened, what you tried, what you saw"
          value={body}
          autosize
          minRows={2}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setBody(value);
            setTyping(value.trim().length > 0);
          }}
          onBlur={() => setTyping(false)}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="typing-now" aria-live="polite">
            {others.length === 0 ? '' : `${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} typing a note…`}
          </Text>
          <Button type="submit" loading={add.isPending} disabled={body.trim().length === 0}>
            Add note
          </Button>
        </Group>
        {add.isError && <ErrorAlert error={add.error} title="Could not add the note" />}
      </Stack>
    </form>
  );
}

/** A status update: start from a template's draft (the incident's values filled in), edit, post. */
export function StatusUpdateComposer({
  incident,
  settings,
}: {
  incident: Incident;
  settings: IncidentSettingsResource | undefined;
}) {
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [draftError, setDraftError] = useState<unknown>(null);
  const post = usePostStatusUpdate();
  const templates = settings?.status_update_templates ?? [];
  const draft = async (id: string | null) => {
    setTemplateId(id);
    setDraftError(null);
    if (!id) return;
    try {
      setBody((await getStatusUpdateDraft(incident.id, id)).body);
    } catch (error) {
      setDraftError(error);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post.mutate(
      { incidentId: incident.id, templateId, body },
      {
        onSuccess: () => {
          setBody('');
          setTemplateId(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        {templates.length > 0 && (
          <Select
            label="Template"
            placeholder="Start from a template"
            data={templates.map((t) => ({ value: t.id, label: t.name }))}
            value={templateId}
            onChange={(id) => void draft(id)}
            clearable
          />
        )}
        {draftError !== null && <ErrorAlert error={draftError} title="Could not fill in the template" />}
        <Textarea
          label="Status update"
          value={body}
          autosize
          minRows={3}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={post.isPending} disabled={body.trim().length === 0}>
            Post status update
          </Button>
        </Group>
        {post.isError && <ErrorAlert error={post.error} title="Could not post the status update" />}
      </Stack>
    </form>
  );
}
