import { displayDuration } from '../../shared/duration';
import type { RetrospectiveStatus } from './events';
import type { RetrospectiveTemplateContent } from './template';

/**
 * What a retrospective document is built from: the incident as the incidents area knows it (names already
 * resolved: severity, role and person names), the answers given so far and the contributing factors. Times are
 * ISO-8601 instants; durations are milliseconds (null: a milestone is missing).
 */
export interface RetrospectiveInput {
  incident: { name: string; severity: string | null; summary?: string };
  status: RetrospectiveStatus;
  milestones: Array<{ name: string; at: string | null }>;
  durations: Array<{ name: string; ms: number | null }>;
  starredEntries: Array<{ at: string; actor: string; text: string }>;
  roles: Array<{ role: string; person: string | null }>;
  followUps: Array<{ title: string; owner: string | null; due: string | null; status: string }>;
  contributingFactors: string[];
  /** By question id; a question without one shows that it has no answer yet. */
  answers: Array<{ questionId: string; answer: string }>;
}

export type DocumentBlock =
  | { kind: 'table'; columns: string[]; rows: string[][]; empty: string }
  | { kind: 'list'; items: string[]; empty: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'question'; prompt: string; answer: string | null };

export interface DocumentSection {
  title: string;
  blocks: DocumentBlock[];
}

/** A retrospective as people read it; rendered to Markdown (`retrospectiveMarkdown`) and to PDF by the api. */
export interface RetrospectiveDocument {
  title: string;
  sections: DocumentSection[];
}

export const STATUS_LABELS: Record<RetrospectiveStatus, string> = {
  in_progress: 'In progress',
  in_review: 'In review',
  completed: 'Completed',
};

const NOT_SET = '—';

/** "2026-11-27 10:04 UTC": one reading of a time for every reader of the document, wherever they are. */
export function documentTime(at: string | null): string {
  if (!at) return NOT_SET;
  const time = Date.parse(at);
  return Number.isNaN(time) ? at : `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Elapsed time: "1 hour 5 mins", "40 secs"; a duration whose milestones are missing is not set. */
export function documentDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return NOT_SET;
  const seconds = Math.round(ms / 1000);
  return seconds === 0 ? '0 secs' : displayDuration(seconds);
}

/** The pre-filled parts, each placed in the template section whose title names it, or in one of its own. */
function prefilled(input: RetrospectiveInput): Array<{ match: RegExp; section: DocumentSection }> {
  return [
    {
      match: /timeline/i,
      section: {
        title: 'Timeline',
        blocks: [
          {
            kind: 'table',
            columns: ['Milestone', 'Time'],
            rows: input.milestones.map((m) => [m.name, documentTime(m.at)]),
            empty: 'No milestones recorded.',
          },
          {
            kind: 'table',
            columns: ['Duration', 'Time'],
            rows: input.durations.map((d) => [d.name, documentDuration(d.ms)]),
            empty: 'No durations measured.',
          },
          {
            kind: 'table',
            columns: ['Time', 'Who', 'Key moment'],
            rows: input.starredEntries.map((e) => [documentTime(e.at), e.actor, e.text]),
            empty: 'No timeline entries were starred.',
          },
        ],
      },
    },
    {
      match: /contributing factor/i,
      section: {
        title: 'Contributing factors',
        blocks: [{ kind: 'list', items: input.contributingFactors, empty: 'No contributing factors recorded.' }],
      },
    },
    {
      match: /follow[- ]?ups?/i,
      section: {
        title: 'Follow-ups',
        blocks: [
          {
            kind: 'table',
            columns: ['Follow-up', 'Owner', 'Due', 'Status'],
            rows: input.followUps.map((f) => [f.title, f.owner ?? 'Unassigned', f.due ?? NOT_SET, f.status]),
            empty: 'No follow-ups.',
          },
        ],
      },
    },
  ];
}

/**
 * The document of one retrospective: an overview (the incident, its severity, the retrospective's status, who
 * held each role), then the template's sections in order, each question with its answer. The milestones and
 * durations, starred entries, contributing factors and follow-ups go into the section whose title names them
 * ("Timeline", "Contributing factors", "Follow-ups"), or into a section of their own after the overview.
 */
export function buildRetrospectiveDocument(
  template: RetrospectiveTemplateContent,
  input: RetrospectiveInput,
): RetrospectiveDocument {
  const answers = new Map(input.answers.map((a) => [a.questionId, a.answer]));
  const overview: DocumentSection = {
    title: 'Overview',
    blocks: [
      {
        kind: 'table',
        columns: ['Field', 'Value'],
        rows: [
          ['Incident', input.incident.name],
          ['Severity', input.incident.severity ?? NOT_SET],
          ['Retrospective', STATUS_LABELS[input.status]],
        ],
        empty: '',
      },
      ...(input.incident.summary ? [{ kind: 'paragraph' as const, text: input.incident.summary }] : []),
      {
        kind: 'table',
        columns: ['Role', 'Person'],
        rows: input.roles.map((r) => [r.role, r.person ?? 'Unassigned']),
        empty: 'No roles assigned.',
      },
    ],
  };
  const parts = prefilled(input);
  const claimed = new Set<number>();
  const sections = template.sections.map((section): DocumentSection => {
    const index = parts.findIndex((part, i) => !claimed.has(i) && part.match.test(section.title));
    if (index >= 0) claimed.add(index);
    const questions = section.questions.map((question): DocumentBlock => ({
      kind: 'question',
      prompt: question.prompt,
      answer: answers.get(question.id)?.trim() || null,
    }));
    return { title: section.title, blocks: [...(index >= 0 ? parts[index].section.blocks : []), ...questions] };
  });
  const unclaimed = parts.filter((_, i) => !claimed.has(i)).map((part) => part.section);
  return { title: `Retrospective: ${input.incident.name}`, sections: [overview, ...unclaimed, ...sections] };
}
