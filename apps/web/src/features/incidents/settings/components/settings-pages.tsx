import { Stack } from '@mantine/core';
import type { IncidentSettingsResource } from '@tocsin/contracts';
import { INCIDENT_REQUIRED_FIELDS } from '@tocsin/domain';
import { ListEditor, type FieldSpec, type Row } from './list-editor';
import { SettingsPartPage } from './settings-part-page';
import { SeverityMatrixEditor } from './severity-matrix-editor';
import { TicketingForm } from './ticketing-form';

type PageProps = { canManage: boolean };

const NAME: FieldSpec = { key: 'name', label: 'Name', kind: 'text' };
const DESCRIPTION: FieldSpec = { key: 'description', label: 'Description', kind: 'textarea' };
const named = () => ({ name: '', description: '' });
/** Ranks follow the order on the page: the first is rank 1. */
const ranked = (row: Row, index: number) => ({ ...row.values, rank: index + 1 });

const REQUIRED_FIELD_LABELS: Record<(typeof INCIDENT_REQUIRED_FIELDS)[number], string> = {
  summary: 'Summary',
  customer_impact: 'Customer impact',
  severity: 'Severity',
  priority: 'Priority',
  impacted_services: 'Impacted services',
  environments: 'Environments',
  labels: 'Labels',
};

/** /settings/severities_index */
export function SeveritiesPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Severities" intro="How bad an incident is. The first is the most severe.">
      {(settings) => (
        <ListEditor
          part="severities"
          itemNoun="severity"
          heading="Severities, most severe first"
          items={settings.severities}
          revision={settings.revisions.severities}
          fields={[NAME, DESCRIPTION]}
          canManage={canManage}
          ordered
          newValues={named}
          toItem={ranked}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/priorities */
export function PrioritiesPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Priorities" intro="How urgently an incident is worked. The first is the most urgent.">
      {(settings) => (
        <ListEditor
          part="priorities"
          itemNoun="priority"
          heading="Priorities, most urgent first"
          items={settings.priorities}
          revision={settings.revisions.priorities}
          fields={[NAME, DESCRIPTION]}
          canManage={canManage}
          ordered
          newValues={named}
          toItem={ranked}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/incident_milestones (flag customMilestones): the milestones in order, and the durations between them. */
export function MilestonesPage({ canManage, customMilestones }: PageProps & { customMilestones: boolean }) {
  return (
    <SettingsPartPage
      title="Milestones"
      intro="The moments an incident passes through, in order, and the durations measured between them."
    >
      {(settings) => (
        <Stack gap="xl">
          <ListEditor
            part="milestones"
            itemNoun="milestone"
            heading="Milestones"
            items={settings.milestones.map(({ id, name, built_in }) => ({ id, name, built_in }))}
            revision={settings.revisions.milestones}
            fields={[NAME]}
            canManage={canManage}
            ordered
            canAdd={customMilestones}
            addNote={customMilestones ? undefined : 'Custom milestones are not turned on for this organization.'}
            newValues={() => ({ name: '' })}
          />
          <DurationsEditor settings={settings} canManage={canManage} />
        </Stack>
      )}
    </SettingsPartPage>
  );
}

function DurationsEditor({ settings, canManage }: { settings: IncidentSettingsResource } & PageProps) {
  const milestones = settings.milestones.map((milestone) => ({ value: milestone.key, label: milestone.name }));
  return (
    <ListEditor
      part="durations"
      itemNoun="duration"
      heading="Durations"
      items={settings.durations}
      revision={settings.revisions.durations}
      fields={[
        NAME,
        { key: 'from', label: 'From milestone', kind: 'select', options: milestones },
        { key: 'to', label: 'To milestone', kind: 'select', options: milestones },
      ]}
      canManage={canManage}
      newValues={() => ({ name: '', from: 'started', to: 'resolved' })}
    />
  );
}

/** /settings/roles: incident roles, each with the task list given to whoever takes it. */
export function IncidentRolesPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Incident roles" intro="Who does what during an incident, and the tasks each role gets.">
      {(settings) => (
        <ListEditor
          part="roles"
          itemNoun="role"
          heading="Roles"
          items={settings.roles.map((role) => ({ ...role, task_list_id: role.task_list_id ?? '' }))}
          revision={settings.revisions.roles}
          fields={[
            NAME,
            DESCRIPTION,
            {
              key: 'task_list_id',
              label: 'Task list',
              kind: 'select',
              options: [
                { value: '', label: 'No task list' },
                ...settings.task_lists.map((list) => ({ value: list.id, label: list.name })),
              ],
            },
          ]}
          canManage={canManage}
          newValues={() => ({ name: '', description: '', task_list_id: '' })}
          toItem={(row) => ({ ...row.values, task_list_id: row.values.task_list_id || null })}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/incident_types_and_settings: incident types and the fields each requires when declared. */
export function IncidentTypesPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage
      title="Incident types"
      intro="Kinds of incident, and what must be filled in when one of that kind is declared."
    >
      {(settings) => (
        <ListEditor
          part="types"
          itemNoun="type"
          heading="Types"
          items={settings.types}
          revision={settings.revisions.types}
          fields={[
            NAME,
            DESCRIPTION,
            {
              key: 'required_fields',
              label: 'Required fields',
              kind: 'checkboxes',
              options: INCIDENT_REQUIRED_FIELDS.map((field) => ({ value: field, label: REQUIRED_FIELD_LABELS[field] })),
            },
          ]}
          canManage={canManage}
          newValues={() => ({ name: '', description: '', required_fields: [] })}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/task_lists (and /settings/task_lists/{id} from the old links). */
export function TaskListsPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Task lists" intro="Tasks given to an incident role, one a line.">
      {(settings) => {
        const descriptions = new Map(
          settings.task_lists.flatMap((list) =>
            list.tasks.map((task) => [`${list.id}/${task.title}`, task.description]),
          ),
        );
        return (
          <ListEditor
            part="taskLists"
            itemNoun="task list"
            heading="Task lists"
            items={settings.task_lists.map(({ id, name, tasks }) => ({ id, name, tasks: tasks.map((t) => t.title) }))}
            revision={settings.revisions.task_lists}
            fields={[NAME, { key: 'tasks', label: 'Tasks', kind: 'lines', description: 'One task a line' }]}
            canManage={canManage}
            newValues={() => ({ name: '', tasks: [] })}
            toItem={(row) => ({
              name: row.values.name,
              tasks: ((row.values.tasks as string[]) ?? [])
                .map((title) => title.trim())
                .filter((title) => title !== '')
                .map((title) => ({ title, description: descriptions.get(`${row.id}/${title}`) ?? '' })),
            })}
          />
        );
      }}
    </SettingsPartPage>
  );
}

/** /settings/status_update_templates */
export function StatusUpdateTemplatesPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage
      title="Status update templates"
      intro="Text a status update starts from. {{incident.name}}, {{incident.severity}} and {{incident.status}} are filled in."
    >
      {(settings) => (
        <ListEditor
          part="statusUpdateTemplates"
          itemNoun="template"
          heading="Templates"
          items={settings.status_update_templates}
          revision={settings.revisions.status_update_templates}
          fields={[NAME, { key: 'body', label: 'Text', kind: 'textarea' }]}
          canManage={canManage}
          newValues={() => ({ name: '', body: '' })}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/conditions */
export function ConditionsPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Conditions" intro="The state an impacted service is in during an incident.">
      {(settings) => (
        <ListEditor
          part="conditions"
          itemNoun="condition"
          heading="Conditions"
          items={settings.conditions}
          revision={settings.revisions.conditions}
          fields={[NAME, DESCRIPTION]}
          canManage={canManage}
          newValues={named}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/audiences (flag incidentAudiences) */
export function AudiencesPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Audiences" intro="Groups of people an incident's updates are written for.">
      {(settings) => (
        <ListEditor
          part="audiences"
          itemNoun="audience"
          heading="Audiences"
          items={settings.audiences}
          revision={settings.revisions.audiences}
          fields={[NAME, DESCRIPTION]}
          canManage={canManage}
          newValues={named}
        />
      )}
    </SettingsPartPage>
  );
}

/** /settings/severities_matrix */
export function SeverityMatrixPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage
      title="Severity matrix"
      intro="The severity an incident gets from its impact and how likely it is to spread."
    >
      {(settings) => <SeverityMatrixEditor settings={settings} canManage={canManage} />}
    </SettingsPartPage>
  );
}

/** /settings/tickets (owners) */
export function TicketingPage({ canManage }: PageProps) {
  return (
    <SettingsPartPage title="Ticketing" intro="Where an incident's follow-ups are filed as tickets.">
      {(settings) => <TicketingForm settings={settings} canManage={canManage} />}
    </SettingsPartPage>
  );
}
