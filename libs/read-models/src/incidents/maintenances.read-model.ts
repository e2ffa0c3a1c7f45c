import { ViewNames } from '@tocsin/contracts';
import { pageOf, readModel, type Filter, type ViewReader } from '../read-model';
import type { ViewDocument } from '../read-model';

/** An alert a maintenance holds (its episode is suppressed): released when the maintenance ends, moves or is cancelled. */
export interface SuppressedAlertRef {
  alertId: string;
  stream: string;
  episode: number;
  sourceId: string;
  service?: string;
}

/** How many held alerts a maintenance's document lists (the rest are released by their own end-of-window job). */
export const MAINTENANCE_SUPPRESSED_KEPT = 1_000;

/**
 * One document per scheduled maintenance (issue 21). `startsAtMs` / `endsAtMs` (epoch ms) are what the list's
 * filters and ingest's "in force now" look-up compare; a cancelled one keeps its window, `cancelledAt` set.
 */
export interface MaintenanceDoc extends ViewDocument {
  orgId: string;
  name: string;
  startsAt: string;
  endsAt: string;
  startsAtMs: number;
  endsAtMs: number;
  services: string[];
  sourceIds: string[];
  announcement: string;
  cancelled: boolean;
  cancelledAt: string | null;
  endedEarlyAt: string | null;
  suppressed: SuppressedAlertRef[];
  /** Every episode it held, counted past the kept list. */
  suppressedCount: number;
  /** The log position of the latest event folded in: the release after a change waits for the view to reach it. */
  position: number;
  created_at: string;
  updated_at: string;
}

/**
 * What ingest and a heartbeat's miss weigh each alert against: the window, what it covers and its name, without the
 * held alerts' list (up to MAINTENANCE_SUPPRESSED_KEPT of them) that every trigger would otherwise read and copy.
 */
const WINDOW_FIELDS = [
  'name',
  'startsAt',
  'endsAt',
  'startsAtMs',
  'endsAtMs',
  'services',
  'sourceIds',
  'cancelled',
] as const;
export type MaintenanceWindow = Pick<MaintenanceDoc, '_id' | (typeof WINDOW_FIELDS)[number]>;

export const MAINTENANCE_FILTERS = ['upcoming', 'in_progress', 'past'] as const;
export type MaintenanceFilter = (typeof MAINTENANCE_FILTERS)[number];

const model = readModel<MaintenanceDoc>({
  name: ViewNames.maintenances,
  collection: 'maintenances',
  indexes: [{ keys: { orgId: 1, startsAtMs: -1, _id: 1 } }, { keys: { orgId: 1, cancelled: 1, endsAtMs: 1 } }],
});

/** The documents a list filter names at `now`: not yet started, in force, or over (ended or cancelled). */
function filterOf(orgId: string, filter: MaintenanceFilter | undefined, now: number): Filter {
  switch (filter) {
    case 'upcoming':
      return { orgId, cancelled: false, startsAtMs: { $gt: now } };
    case 'in_progress':
      return { orgId, cancelled: false, startsAtMs: { $lte: now }, endsAtMs: { $gt: now } };
    case 'past':
      return { orgId, $or: [{ cancelled: true }, { endsAtMs: { $lte: now } }] };
    default:
      return { orgId };
  }
}

export const maintenancesView = {
  ...model,
  /** Another organization's maintenance is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** A page of the organization's maintenances, latest start first, as the filter narrows them at `now`. */
  ofOrg: (
    reader: ViewReader,
    orgId: string,
    query: { filter?: MaintenanceFilter; now: number; page: number; perPage: number },
  ) =>
    pageOf(
      model,
      reader,
      filterOf(orgId, query.filter, query.now),
      { startsAtMs: -1, _id: 1 },
      query.page,
      query.perPage,
    ),
  /** The windows of the organization's maintenances in force at `now` (what each triggered alert is checked against). */
  inForce: (reader: ViewReader, orgId: string, now: number): Promise<MaintenanceWindow[]> =>
    model.select(reader, { orgId, cancelled: false, endsAtMs: { $gt: now }, startsAtMs: { $lte: now } }, WINDOW_FIELDS),
};
