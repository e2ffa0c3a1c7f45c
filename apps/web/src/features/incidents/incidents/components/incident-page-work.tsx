import { ActionIcon, Anchor, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { FollowUpStatus, Incident, IncidentSettingsResource, IncidentTask } from '@tocsin/contracts';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation';
import { useAddFollowUp } from '../api/add-follow-up';
import { useAddIncidentLink } from '../api/add-incident-link';
import { useAddIncidentTask } from '../api/add-incident-task';
import { useApplyTaskList } from '../api/apply-task-list';
import { useAssignIncidentRole } from '../api/assign-incident-role';
import { useRemoveIncidentLink } from '../api/remove-incident-link';
import { useRemoveIncidentTask } from '../api/remove-incident-task';
import { useUpdateFollowUp } from '../api/update-follow-up';
import { useUpdateIncidentTask } from '../api/update-incident-task';
import { fromLocalInput } from '@/features/incidents/maintenances/lib/maintenance-form-values';

export interface People {
  /** Who can be picked (value: user id). */
  options: Array<{ value: string; label: string }>;
  nameOf(userId: string | null): string;
}

interface PanelProps {
  incident: Incident;
  settings: IncidentSettingsResource | undefined;
  /** The settings' roles by name (every role may read them). */
  roles: ReadonlyArray<{ id: string; name: string }>;
  canManage: boolean;
  people: People;
}

const due = (at: string | null) => (at ? `due ${new Date(at).toLocaleString()}` : null);

/** Who holds each of the settings' roles; taking a role applies its task list to that person. */
export function IncidentRoles({ incident, roles: named, canManage, people }: PanelProps) {
  const assign = useAssignIncidentRole();
  // while the names load: the roles held, by id
  const roles = named.length ? named : Object.keys(incident.roles).map((id) => ({ id, name: id }));
  return (
    <Stack gap="xs">
      {roles.map((role) => (
        <Select
          key={role.id}
          label={role.name}
          placeholder="Nobody"
          data={withCurrent(people.options, incident.roles[role.id], people)}
          value={incident.roles[role.id] ?? null}
          onChange={(userId) => assign.mutate({ incidentId: incident.id, roleId: role.id, userId })}
          clearable
          disabled={!canManage}
          data-testid={`role-${role.id}`}
        />
      ))}
      {assign.isError && <ErrorAlert error={assign.error} title="Could not assign the role" />}
    </Stack>
  );
}

const withCurrent = (options: People['options'], current: string | null | undefined, people: People) =>
  current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: people.nameOf(current) }]
    : options;

/** Tasks: add, assign, due, done, remove; or apply one of the settings' task lists. */
export function IncidentTasks({ incident, settings, canManage, people }: PanelProps) {
  const add = useAddIncidentTask();
  const change = useUpdateIncidentTask();
  const remove = useRemoveIncidentTask(incident.id);
  const confirm = useDeleteConfirmation<IncidentTask>(remove);
  const apply = useApplyTaskList();
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState('');
  const [taskList, setTaskList] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { incidentId: incident.id, title, assigneeId: assignee, dueAt: dueAt ? fromLocalInput(dueAt) : null },
      {
        onSuccess: () => {
          setTitle('');
          setAssignee(null);
          setDueAt('');
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      {incident.tasks.length === 0 && <Text c="dimmed">No tasks yet.</Text>}
      {incident.tasks.map((task) => (
        <Group key={task.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="incident-task">
          <Checkbox
            checked={task.done}
            disabled={!canManage}
            aria-label={`Done: ${task.title}`}
            onChange={(e) =>
              change.mutate({ incidentId: incident.id, taskId: task.id, body: { done: e.currentTarget.checked } })
            }
          />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text td={task.done ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Text>
            <Text size="xs" c="dimmed">
              {[task.assignee_id ? people.nameOf(task.assignee_id) : 'Unassigned', due(task.due_at)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          {canManage && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove task ${task.title}`}
              onClick={() => confirm.ask(task)}
            >
              <span aria-hidden>×</span>
            </ActionIcon>
          )}
        </Group>
      ))}
      <ConfirmDialog
        {...confirm.dialog}
        title="Remove task"
        confirmLabel="Remove task"
        errorTitle="Could not remove the task"
      >
        Remove “{confirm.deleting?.title}” from the incident? The timeline keeps that it was removed.
      </ConfirmDialog>
      {change.isError && <ErrorAlert error={change.error} title="Could not change the task" />}
      {canManage && (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="New task"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              style={{ flex: '2 1 12rem' }}
            />
            <Select
              label="Assignee"
              data={people.options}
              value={assignee}
              onChange={setAssignee}
              clearable
              style={{ flex: '1 1 9rem' }}
            />
            <TextInput
              type="datetime-local"
              label="Due"
              value={dueAt}
              onChange={(e) => setDueAt(e.currentTarget.value)}
              style={{ flex: '1 1 11rem' }}
            />
            <Button type="submit" loading={add.isPending}>
              Add task
            </Button>
          </Group>
          {add.isError && <ErrorAlert error={add.error} title="Could not add the task" />}
        </form>
      )}
      {canManage && settings && settings.task_lists.length > 0 && (
        <Group align="flex-end" gap="xs">
          <Select
            label="Task list"
            data={settings.task_lists.map((l) => ({ value: l.id, label: l.name }))}
            value={taskList}
            onChange={setTaskList}
            style={{ flex: '1 1 12rem' }}
          />
          <Button
            variant="default"
            disabled={!taskList}
            loading={apply.isPending}
            onClick={() => taskList && apply.mutate({ incidentId: incident.id, taskListId: taskList })}
          >
            Apply task list
          </Button>
        </Group>
      )}
      {apply.isError && <ErrorAlert error={apply.error} title="Could not apply the task list" />}
    </Stack>
  );
}

const FOLLOW_UP_STATUS_OPTIONS: Array<{ value: FollowUpStatus; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** Follow-ups: add, owner, due, status (they outlive the incident). */
export function IncidentFollowUps({ incident, canManage, people }: PanelProps) {
  const add = useAddFollowUp();
  const change = useUpdateFollowUp();
  const [title, setTitle] = useState('');
  const [owner, setOwner] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { incidentId: incident.id, title, ownerId: owner, dueAt: dueAt ? fromLocalInput(dueAt) : null },
      {
        onSuccess: () => {
          setTitle('');
          setOwner(null);
          setDueAt('');
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      {incident.follow_ups.length === 0 && <Text c="dimmed">No follow-ups yet.</Text>}
      {incident.follow_ups.map((f) => (
        <Group key={f.id} justify="space-between" gap="xs" wrap="wrap" data-testid="incident-follow-up">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text style={{ overflowWrap: 'anywhere' }}>{f.title}</Text>
            <Text size="xs" c="dimmed">
              {[f.owner_id ? people.nameOf(f.owner_id) : 'No owner', due(f.due_at)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Select
            aria-label={`Status of ${f.title}`}
            data={FOLLOW_UP_STATUS_OPTIONS}
            value={f.status}
            allowDeselect={false}
            disabled={!canManage}
            w={150}
            onChange={(status) =>
              status &&
              change.mutate({
                incidentId: incident.id,
                followUpId: f.id,
                body: { status: status as FollowUpStatus },
              })
            }
          />
        </Group>
      ))}
      {change.isError && <ErrorAlert error={change.error} title="Could not change the follow-up" />}
      {canManage && (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="New follow-up"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              style={{ flex: '2 1 12rem' }}
            />
            <Select
              label="Owner"
              data={people.options}
              value={owner}
              onChange={setOwner}
              clearable
              style={{ flex: '1 1 9rem' }}
            />
            <TextInput
              type="datetime-local"
              label="Due"
              value={dueAt}
              onChange={(e) => setDueAt(e.currentTarget.value)}
              style={{ flex: '1 1 11rem' }}
            />
            <Button type="submit" loading={add.isPending}>
              Add follow-up
            </Button>
          </Group>
          {add.isError && <ErrorAlert error={add.error} title="Could not add the follow-up" />}
        </form>
      )}
    </Stack>
  );
}

/** Links (http and https only). */
export function IncidentLinks({ incident, canManage }: PanelProps) {
  const add = useAddIncidentLink();
  const remove = useRemoveIncidentLink();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { incidentId: incident.id, url, title: title || undefined },
      {
        onSuccess: () => {
          setUrl('');
          setTitle('');
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      {incident.links.length === 0 && <Text c="dimmed">No links yet.</Text>}
      {incident.links.map((link) => (
        <Group key={link.id} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor href={link.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {link.title || link.url}
          </Anchor>
          {canManage && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove link ${link.title || link.url}`}
              onClick={() => remove.mutate({ incidentId: incident.id, linkId: link.id })}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {remove.isError && <ErrorAlert error={remove.error} title="Could not remove the link" />}
      {canManage && (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Link URL"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              style={{ flex: '2 1 12rem' }}
            />
            <TextInput
              label="Link title"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              style={{ flex: '1 1 9rem' }}
            />
            <Button type="submit" variant="default" loading={add.isPending}>
              Add link
            </Button>
          </Group>
          {add.isError && <ErrorAlert error={add.error} title="Could not add the link" />}
        </form>
      )}
    </Stack>
  );
}
