import type { ReadStore } from '@tocsin/platform';
import { eventSourcesView, teamsView } from '@tocsin/read-models';
import type { Request } from 'express';

/** Finds the routed resource (`:id`) a request acts on, in the caller's organization. */
type FindRouted = (store: ReadStore, orgId: string, id: string) => Promise<{ teamId: string } | null>;

/**
 * The teams a change to a routed resource acts on (an event source, a heartbeat), for the combined check
 * (SPEC.md section 6; @TeamScoped with signalsResource): the resource's default team and the team a request
 * moves it to (`team_id`), each an existing team of the organization. Such a resource is one of its default
 * team's signals resources.
 */
export const routedResourceTeams =
  (find: FindRouted) =>
  async (request: Request, store: ReadStore, orgId: string): Promise<string[]> => {
    const ids = new Set<string>();
    const id = request.params.id;
    if (typeof id === 'string') {
      const resource = await find(store, orgId, id);
      if (resource) ids.add(resource.teamId);
    }
    const teamId = (request.body as { team_id?: unknown } | undefined)?.team_id;
    if (typeof teamId === 'string') ids.add(teamId);
    const found = await Promise.all(
      [...ids].map(async (team) => ((await teamsView.byId(store, orgId, team)) ? team : null)),
    );
    return found.filter((team): team is string => team !== null);
  };

/** An event source's teams (see `routedResourceTeams`). */
export const sourceTeams = routedResourceTeams(eventSourcesView.find);
