import type { ReadStore } from '@tocsin/platform';
import { eventSourcesView, teamsView } from '@tocsin/read-models';
import type { Request } from 'express';

/**
 * The teams a change to an event source acts on, for the combined check (SPEC.md section 6; @TeamScoped with
 * signalsResource): the source's default team and the team a request moves it to (`team_id`), each an
 * existing team of the organization. A source is one of its default team's signals resources.
 */
export async function sourceTeams(request: Request, store: ReadStore, orgId: string): Promise<string[]> {
  const ids = new Set<string>();
  const sourceId = request.params.id;
  if (typeof sourceId === 'string') {
    const source = await eventSourcesView.find(store, orgId, sourceId);
    if (source) ids.add(source.teamId);
  }
  const teamId = (request.body as { team_id?: unknown } | undefined)?.team_id;
  if (typeof teamId === 'string') ids.add(teamId);
  const found = await Promise.all([...ids].map(async (id) => ((await teamsView.byId(store, orgId, id)) ? id : null)));
  return found.filter((id): id is string => id !== null);
}
