import {
  incidentNames,
  type IncidentNames,
  type IncidentNamesResponse,
  type IncidentTimelineEntry,
} from '@tocsin/contracts';
import { INCIDENT_NAMES_PEOPLE_MAX } from '@tocsin/domain';

type Names = IncidentNamesResponse['data'];
/** Given an id, its name; given null (no severity, no team, nobody), null. */
type NameOf = { (id: string): string; (id: string | null): string | null };
const orNull = (name: (id: string) => string) => ((id: string | null) => (id === null ? null : name(id))) as NameOf;

/** Everything a screen of incidents names by id: the settings' names, teams and people. */
export interface IncidentLookup extends IncidentNames {
  severity: NameOf;
  priority: NameOf;
  type: NameOf;
  person: NameOf;
  team: NameOf;
  /** In the settings' order. */
  milestones: Names['milestones'];
  roles: Names['roles'];
  severities: Names['severities'];
  priorities: Names['priorities'];
  types: Names['types'];
  teams: ReadonlyArray<{ id: string; name: string }>;
}

const NONE: Names = { milestones: [], roles: [], severities: [], priorities: [], types: [], people: {} };

/**
 * The lookup from the names answer (undefined while it loads: ids stay as they are until then), the teams and the
 * reader (always named). Someone the answer does not name is no longer a member.
 */
export function incidentLookup(
  answer: Names | undefined,
  teams: ReadonlyArray<{ id: string; name: string }>,
  me: { id: string; name: string },
): IncidentLookup {
  const source = answer ?? NONE;
  const people = { ...source.people, [me.id]: me.name };
  const names = incidentNames(source, {
    people,
    teams: Object.fromEntries(teams.map((team) => [team.id, team.name])),
  });
  return {
    ...names,
    severity: orNull(names.severity),
    priority: orNull(names.priority),
    type: orNull(names.type),
    person: orNull((id) => people[id] ?? (answer ? 'A former member' : '…')),
    team: orNull(names.team),
    milestones: [...source.milestones].sort((a, b) => a.position - b.position),
    roles: source.roles,
    severities: source.severities,
    priorities: source.priorities,
    types: source.types,
    teams,
  };
}

/** The ids a lookup is asked for: unique, sorted (one set, one query), no more than the API answers for. */
export const peopleToName = (ids: ReadonlyArray<string | null | undefined>): string[] =>
  [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))]
    .sort()
    .slice(0, INCIDENT_NAMES_PEOPLE_MAX);

/** Who the entries name: who acted, and whom a role, task or follow-up went to. */
export const peopleOfEntries = (entries: ReadonlyArray<Pick<IncidentTimelineEntry, 'actor_id' | 'data'>>) =>
  peopleToName(
    entries.flatMap((entry) => [
      entry.actor_id,
      ...(['userId', 'assigneeId', 'ownerId'] as const).map((key) =>
        typeof entry.data[key] === 'string' ? (entry.data[key] as string) : null,
      ),
    ]),
  );
