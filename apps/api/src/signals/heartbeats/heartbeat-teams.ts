import { heartbeatsView } from '@tocsin/read-models';
import { routedResourceTeams } from '../event-sources/source-teams';

/** A heartbeat's teams for the combined check: it is one of its default team's signals resources, like a source. */
export const heartbeatTeams = routedResourceTeams(heartbeatsView.find);
