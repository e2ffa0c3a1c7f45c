import { labelRows, labelRowsProblem, labelsOfRows, type LabelRow } from './declare-form';

/** How one of the incident's fields is edited on its page. */
export type FieldKind = 'text' | 'multiline' | 'choice' | 'list' | 'labels';
export type FieldDraft = string | string[] | LabelRow[];
export interface Choice {
  value: string;
  label: string;
}

const isRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The draft an edit starts from (the field's value, or theirs after a conflict). */
export function draftOf(kind: FieldKind, value: unknown): FieldDraft {
  if (kind === 'list') return Array.isArray(value) ? value.map(String) : [];
  if (kind === 'labels') return isRecord(value) ? labelRows(value) : [];
  return value === null || value === undefined ? '' : String(value);
}

/** What the request sends for the draft: no choice is null. */
export function valueOf(kind: FieldKind, draft: FieldDraft): unknown {
  if (kind === 'labels') return labelsOfRows(draft as LabelRow[]);
  if (kind === 'choice') return draft === '' ? null : draft;
  return draft;
}

/** A problem to fix before saving, or null (the API judges the rest, the type's required fields among them). */
export const draftProblem = (kind: FieldKind, draft: FieldDraft): string | null =>
  kind === 'labels' ? labelRowsProblem(draft as LabelRow[]) : null;

/** The field's value as people read it: a choice by its name, a list joined, a dash for nothing. */
export function shownValue(kind: FieldKind, value: unknown, choices: readonly Choice[] = []): string {
  if (kind === 'labels') {
    const pairs = isRecord(value) ? Object.entries(value).map(([key, v]) => (v ? `${key}: ${v}` : key)) : [];
    return pairs.length ? pairs.join(', ') : '—';
  }
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (value === null || value === undefined || value === '') return '—';
  return choices.find((choice) => choice.value === value)?.label ?? String(value);
}
