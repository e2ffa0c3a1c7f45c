import type { DeclareIncidentRequest, IncidentTypeResource } from '@tocsin/contracts';

/** What the declare form holds; labels as rows so a half-typed one keeps its place. */
export interface DeclareFormValues {
  name: string;
  summary: string;
  customer_impact: string;
  severity_id: string | null;
  priority_id: string | null;
  type_id: string | null;
  team_id: string | null;
  impacted_services: string[];
  environments: string[];
  labels: LabelRow[];
  paging: boolean;
  page_team_id: string | null;
  page_escalation_policy_id: string | null;
}

/** Where a declaration starts: blank, or from an alert (its summary as the name, its team). */
export interface DeclareStart {
  name?: string;
  team_id?: string | null;
  alert_id?: string;
}

export const declareFormValues = (start: DeclareStart = {}, typeId: string | null = null): DeclareFormValues => ({
  name: start.name ?? '',
  summary: '',
  customer_impact: '',
  severity_id: null,
  priority_id: null,
  type_id: typeId,
  team_id: start.team_id ?? null,
  impacted_services: [],
  environments: [],
  labels: [],
  paging: false,
  page_team_id: start.team_id ?? null,
  page_escalation_policy_id: null,
});

/** A type's required field (as the settings name it) -> the form's field and how the form calls it. */
export const REQUIRED_FIELD_FORM: Record<string, { field: keyof DeclareFormValues; label: string }> = {
  summary: { field: 'summary', label: 'Summary' },
  customer_impact: { field: 'customer_impact', label: 'Customer impact' },
  severity: { field: 'severity_id', label: 'Severity' },
  priority: { field: 'priority_id', label: 'Priority' },
  impacted_services: { field: 'impacted_services', label: 'Impacted services' },
  environments: { field: 'environments', label: 'Environments' },
  labels: { field: 'labels', label: 'Labels' },
};

/** A label as a form row: a half-typed one keeps its place. */
export interface LabelRow {
  key: string;
  value: string;
}
export const LABEL_NAME_NEEDED = 'Each label needs a name';
const filled = (rows: readonly LabelRow[]) => rows.filter((label) => label.key.trim() !== '');
/** The rows of an incident's labels, in their order. */
export const labelRows = (labels: Record<string, string>): LabelRow[] =>
  Object.entries(labels).map(([key, value]) => ({ key, value }));
/** The labels the rows give: rows without a name are left out (a value without one is a problem, below). */
export const labelsOfRows = (rows: readonly LabelRow[]): Record<string, string> =>
  Object.fromEntries(filled(rows).map((label) => [label.key.trim(), label.value]));
/** A value typed without a name would be lost: the rows' problem, or null. */
export const labelRowsProblem = (rows: readonly LabelRow[]): string | null =>
  rows.some((label) => !label.key.trim() && label.value.trim()) ? LABEL_NAME_NEEDED : null;

/** The form's fields the chosen type requires. */
export const requiredFormFields = (type: IncidentTypeResource | undefined): Set<keyof DeclareFormValues> =>
  new Set(
    (type?.required_fields ?? []).flatMap((required) =>
      REQUIRED_FIELD_FORM[required] ? [REQUIRED_FIELD_FORM[required].field] : [],
    ),
  );

/**
 * Each field's problem before anything is sent: the name, and the fields the type requires (the API judges the
 * same again). Empty when the form may be sent.
 */
export function declareProblems(
  values: DeclareFormValues,
  type: IncidentTypeResource | undefined,
): Partial<Record<keyof DeclareFormValues, string>> {
  const problems: Partial<Record<keyof DeclareFormValues, string>> = {};
  if (!values.name.trim()) problems.name = 'Name is required';
  for (const required of type?.required_fields ?? []) {
    const form = REQUIRED_FIELD_FORM[required];
    if (!form) continue;
    const value = values[form.field];
    const empty =
      form.field === 'labels'
        ? filled(values.labels).length === 0
        : value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && !value.length);
    if (empty) problems[form.field] = `${form.label} is required for ${type!.name} incidents`;
  }
  const unnamed = labelRowsProblem(values.labels);
  if (unnamed) problems.labels = unnamed;
  if (values.paging && !values.page_team_id) problems.page_team_id = 'Choose the team to page';
  return problems;
}

/** The request for these values; empty text and lists are left out, so the settings' defaults apply. */
export function declareRequest(values: DeclareFormValues, start: DeclareStart = {}): DeclareIncidentRequest {
  const request: DeclareIncidentRequest = { name: values.name.trim() };
  if (values.summary.trim()) request.summary = values.summary.trim();
  if (values.customer_impact.trim()) request.customer_impact = values.customer_impact.trim();
  if (values.severity_id) request.severity_id = values.severity_id;
  if (values.priority_id) request.priority_id = values.priority_id;
  if (values.type_id) request.type_id = values.type_id;
  if (values.team_id) request.team_id = values.team_id;
  if (values.impacted_services.length) request.impacted_services = values.impacted_services;
  if (values.environments.length) request.environments = values.environments;
  const labels = labelsOfRows(values.labels);
  if (Object.keys(labels).length) request.labels = labels;
  if (start.alert_id) request.alert_id = start.alert_id;
  if (values.paging && values.page_team_id)
    request.page = {
      team_id: values.page_team_id,
      ...(values.page_escalation_policy_id ? { escalation_policy_id: values.page_escalation_policy_id } : {}),
    };
  return request;
}
