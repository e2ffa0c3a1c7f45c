import { INCIDENT_EVENT_TYPES, incidentStatusOf, type IncidentEvent, type IncidentFields } from '@tocsin/domain';
import { incidentsView, type IncidentDoc } from '../../../incidents/incidents.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

const searchTextOf = (fields: Pick<IncidentFields, 'name' | 'summary'>) =>
  `${fields.name}\n${fields.summary}`.toLowerCase();

function apply(doc: IncidentDoc, event: IncidentEvent): IncidentDoc {
  switch (event.type) {
    case 'IncidentFieldsChanged': {
      const { changes, by, at } = event.data;
      const values = Object.fromEntries(changes.map((c) => [c.field, c.value])) as Partial<IncidentFields>;
      const versions = { ...doc.versions };
      for (const change of changes) versions[change.field] = { version: change.version, by, at };
      const next = { ...doc, ...values, versions };
      return { ...next, searchText: searchTextOf(next) };
    }
    case 'IncidentMilestoneSet':
    case 'IncidentMilestoneCleared': {
      const { milestone } = event.data;
      const milestones = { ...doc.milestones };
      if (event.type === 'IncidentMilestoneSet') milestones[milestone] = event.data.at;
      else delete milestones[milestone];
      return {
        ...doc,
        milestones,
        startedAt: milestones.started ?? doc.startedAt,
        status: incidentStatusOf(milestones),
      };
    }
    case 'IncidentRoleAssigned': {
      const roles = { ...doc.roles };
      if (event.data.userId) roles[event.data.roleId] = event.data.userId;
      else delete roles[event.data.roleId];
      return { ...doc, roles };
    }
    case 'IncidentLinkAdded': {
      const { linkId: id, url, title } = event.data;
      return { ...doc, links: [...doc.links.filter((l) => l.id !== id), { id, url, title }] };
    }
    case 'IncidentLinkRemoved':
      return { ...doc, links: doc.links.filter((l) => l.id !== event.data.linkId) };
    case 'IncidentEntryStarred': {
      const others = doc.starred.filter((p) => p !== event.data.position);
      return { ...doc, starred: event.data.starred ? [...others, event.data.position].sort((a, b) => a - b) : others };
    }
    case 'IncidentTeamPaged':
      return { ...doc, pagedAlertIds: [...new Set([...doc.pagedAlertIds, event.data.alertId])] };
    default:
      return doc;
  }
}

/** The incidents list and each incident's page (issue 21); every event moves its position (the catch-up start). */
export const incidentsProjection: Projection<IncidentDoc> = {
  name: incidentsView.name,
  version: 1,
  collection: incidentsView.collection,
  indexes: incidentsView.indexes,
  handles: INCIDENT_EVENT_TYPES,
  documentIds: (event) => [(event.data as { incidentId: string }).incidentId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as IncidentEvent;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'IncidentDeclared') {
      if (doc) return doc;
      const { incidentId, orgId, number, fields, milestones, alert, at: declaredAt, by } = event.data;
      const versions = Object.fromEntries(Object.keys(fields).map((f) => [f, { version: 1, by, at: declaredAt }]));
      return {
        _id: incidentId,
        orgId,
        number,
        ...fields,
        status: incidentStatusOf(milestones),
        versions,
        milestones,
        startedAt: milestones.started,
        roles: {},
        links: [],
        starred: [],
        alert,
        pagedAlertIds: [],
        searchText: searchTextOf(fields),
        position: recorded.position,
        declared_at: declaredAt,
        declared_by: by,
        updated_at: at,
      };
    }
    // a redelivered event changes nothing
    if (!doc || recorded.position <= doc.position) return doc;
    return { ...apply(doc, event), position: recorded.position, updated_at: at };
  },
};
