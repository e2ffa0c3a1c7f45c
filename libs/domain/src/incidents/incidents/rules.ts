import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { IncidentSettings } from '../settings/model';
import { INCIDENT_FIELD_NAMES, type IncidentFields } from './events';

export const INCIDENT_NAME_MAX_LENGTH = 200;
export const INCIDENT_TEXT_MAX_LENGTH = 5000;
/** Impacted services, environments: free text items until the catalogue exists. */
export const INCIDENT_LIST_MAX_ITEMS = 50;
export const INCIDENT_ITEM_MAX_LENGTH = 100;
export const INCIDENT_LABELS_MAX = 50;
export const INCIDENT_LABEL_VALUE_MAX_LENGTH = 200;
export const INCIDENT_NOTE_MAX_LENGTH = 10_000;
export const INCIDENT_TITLE_MAX_LENGTH = 300;
export const INCIDENT_URL_MAX_LENGTH = 2048;
/** People one names lookup answers for (a page of incidents or one incident's record names fewer). */
export const INCIDENT_NAMES_PEOPLE_MAX = 200;

export const INCIDENT_TEAM_NOT_FOUND = 'team_id must be a team of this organization';
export const INCIDENT_MEMBER_NOT_FOUND = (field: string) => `${field} must be a member of this organization`;
export const INCIDENT_URL_MESSAGE = 'url must be an http or https URL';
export const INCIDENT_STARTED_REQUIRED = 'Started cannot be cleared: every duration counts from it';

const settingsIds = (list: ReadonlyArray<{ id: string }>) => list.map((item) => item.id);
const isIn = (list: ReadonlyArray<{ id: string }>, id: string) => list.some((item) => item.id === id);

/** Every field's messages at once, named as the request names them; the type's required fields among them. */
export function fieldProblems(
  fields: IncidentFields,
  settings: IncidentSettings,
  teamFound: boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: keyof IncidentFields, message: string) =>
    (errors[INCIDENT_FIELD_NAMES[field]] ??= []).push(message);
  const name = INCIDENT_FIELD_NAMES;
  if (!fields.name.trim()) add('name', FIELD_MESSAGES.required(name.name));
  if (fields.name.length > INCIDENT_NAME_MAX_LENGTH)
    add('name', FIELD_MESSAGES.maxLength(name.name, INCIDENT_NAME_MAX_LENGTH));
  for (const field of ['summary', 'customerImpact'] as const)
    if (fields[field].length > INCIDENT_TEXT_MAX_LENGTH)
      add(field, FIELD_MESSAGES.maxLength(name[field], INCIDENT_TEXT_MAX_LENGTH));
  if (fields.severityId !== null && !isIn(settings.severities, fields.severityId))
    add('severityId', FIELD_MESSAGES.oneOf(name.severityId, settingsIds(settings.severities)));
  if (fields.priorityId !== null && !isIn(settings.priorities, fields.priorityId))
    add('priorityId', FIELD_MESSAGES.oneOf(name.priorityId, settingsIds(settings.priorities)));
  const type = settings.types.find((t) => t.id === fields.typeId);
  if (!type) add('typeId', FIELD_MESSAGES.oneOf(name.typeId, settingsIds(settings.types)));
  if (fields.teamId !== null && !teamFound) add('teamId', INCIDENT_TEAM_NOT_FOUND);
  for (const field of ['impactedServices', 'environments'] as const) {
    const items = fields[field];
    if (items.length > INCIDENT_LIST_MAX_ITEMS)
      add(field, `${name[field]} must have at most ${INCIDENT_LIST_MAX_ITEMS} items`);
    if (items.some((item) => !item.trim() || item.length > INCIDENT_ITEM_MAX_LENGTH))
      add(field, `each of ${name[field]} must be 1 to ${INCIDENT_ITEM_MAX_LENGTH} characters`);
  }
  const labels = Object.entries(fields.labels);
  if (labels.length > INCIDENT_LABELS_MAX) add('labels', `labels must have at most ${INCIDENT_LABELS_MAX} entries`);
  if (
    labels.some(
      ([key, value]) =>
        !key.trim() || key.length > INCIDENT_ITEM_MAX_LENGTH || value.length > INCIDENT_LABEL_VALUE_MAX_LENGTH,
    )
  )
    add(
      'labels',
      `each label must have a name of 1 to ${INCIDENT_ITEM_MAX_LENGTH} characters and a value of at most ${INCIDENT_LABEL_VALUE_MAX_LENGTH}`,
    );
  // the type's required fields (flag incidentTypesRequiredFields): a value must be there
  for (const required of type?.requiredFields ?? []) {
    const present = {
      summary: fields.summary.trim() !== '',
      customer_impact: fields.customerImpact.trim() !== '',
      severity: fields.severityId !== null,
      priority: fields.priorityId !== null,
      impacted_services: fields.impactedServices.length > 0,
      environments: fields.environments.length > 0,
      labels: labels.length > 0,
    }[required];
    if (!present) {
      const field = (
        {
          summary: 'summary',
          customer_impact: 'customerImpact',
          severity: 'severityId',
          priority: 'priorityId',
          impacted_services: 'impactedServices',
          environments: 'environments',
          labels: 'labels',
        } as const
      )[required];
      add(field, `${name[field]} is a required field for ${type!.name} incidents`);
    }
  }
  return errors;
}

/** `http:` or `https:` with a host: a link people open from the incident. */
export function isWebUrl(text: string): boolean {
  if (text.length > INCIDENT_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A status update's starting text: the template's body with `{{incident.name}}`, `{{incident.severity}}`,
 * `{{incident.priority}}`, `{{incident.status}}` and `{{incident.reference}}` filled in (an unknown placeholder
 * stays as written, so the writer sees it before posting).
 */
export function fillStatusTemplate(body: string, values: Record<string, string>): string {
  return body.replace(/\{\{\s*incident\.([a-z_]+)\s*\}\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole,
  );
}
