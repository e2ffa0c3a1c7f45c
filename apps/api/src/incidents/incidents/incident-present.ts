import type {
  Incident,
  IncidentFieldName,
  IncidentFieldVersion,
  IncidentFollowUp as FollowUpAnswer,
  IncidentSummary,
  IncidentTask as TaskAnswer,
  IncidentTimelineEntry,
} from '@tocsin/contracts';
import {
  INCIDENT_FIELD_NAMES,
  INCIDENT_FIELDS,
  incidentDurations,
  incidentReference,
  type IncidentSettings,
} from '@tocsin/domain';
import type { IncidentDoc, IncidentFollowUpDoc, IncidentTaskDoc, IncidentTimelineDoc } from '@tocsin/read-models';

export const presentIncidentSummary = (doc: IncidentDoc): IncidentSummary => ({
  id: doc._id,
  number: doc.number,
  reference: incidentReference(doc.number),
  status: doc.status,
  name: doc.name,
  summary: doc.summary,
  customer_impact: doc.customerImpact,
  severity_id: doc.severityId,
  priority_id: doc.priorityId,
  type_id: doc.typeId,
  team_id: doc.teamId,
  impacted_services: doc.impactedServices,
  environments: doc.environments,
  labels: doc.labels,
  milestones: doc.milestones,
  declared_at: doc.declared_at,
  declared_by: doc.declared_by,
  alert_id: doc.alert?.alertId ?? null,
  updated_at: doc.updated_at,
  roles: doc.roles,
});

export const presentTask = (doc: IncidentTaskDoc): TaskAnswer => ({
  id: doc.taskId,
  incident_id: doc.incidentId,
  title: doc.title,
  assignee_id: doc.assigneeId,
  due_at: doc.dueAt,
  done: doc.done,
  done_at: doc.doneAt,
  task_list_id: doc.taskListId,
});

export const presentFollowUp = (doc: IncidentFollowUpDoc, incident: IncidentDoc | undefined): FollowUpAnswer => ({
  id: doc.followUpId,
  incident_id: doc.incidentId,
  incident_reference: incident ? incidentReference(incident.number) : '',
  incident_name: incident?.name ?? '',
  title: doc.title,
  owner_id: doc.ownerId,
  due_at: doc.dueAt,
  status: doc.status,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

export function presentIncident(
  doc: IncidentDoc,
  tasks: IncidentTaskDoc[],
  followUps: IncidentFollowUpDoc[],
  settings: IncidentSettings,
): Incident {
  const versions = Object.fromEntries(
    INCIDENT_FIELDS.map((field) => {
      const known = doc.versions[field];
      const version: IncidentFieldVersion = known
        ? { version: known.version, set_by: known.by, set_at: known.at }
        : { version: 1, set_by: doc.declared_by, set_at: doc.declared_at };
      return [INCIDENT_FIELD_NAMES[field], version];
    }),
  ) as Record<IncidentFieldName, IncidentFieldVersion>;
  return {
    ...presentIncidentSummary(doc),
    versions,
    links: doc.links,
    tasks: tasks.map(presentTask),
    follow_ups: followUps.map((f) => presentFollowUp(f, doc)),
    durations: incidentDurations(doc.milestones, settings.durations),
    starred: doc.starred,
    paged_alert_ids: doc.pagedAlertIds,
    position: doc.position,
  };
}

export const presentEntry = (doc: IncidentTimelineDoc): IncidentTimelineEntry => ({
  position: doc.position,
  kind: doc.kind,
  at: doc.at,
  actor_id: doc.actorId,
  system: doc.system,
  starred: doc.starred,
  data: doc.data,
});
