import { ViewNames } from '@tocsin/contracts';
import type { ScheduleDefinition, ScheduleInput, ScheduleVersion, ShiftSwap } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/**
 * One document per on-call schedule of a team (issue 20): its current rules and its whole history (each
 * version from the moment its event was recorded), its swap requests, and the SHA-256 of its feed secret.
 */
export interface OnCallScheduleDoc extends ViewDocument {
  orgId: string;
  teamId: string;
  name: string;
  definition: ScheduleDefinition;
  versions: ScheduleVersion[];
  swaps: ShiftSwap[];
  /** SHA-256 (hex) of the iCal feed's secret; null until someone makes the feed's address. */
  feedTokenHash: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<OnCallScheduleDoc>({
  name: ViewNames.onCallSchedules,
  collection: 'on_call_schedules',
  indexes: [
    { keys: { orgId: 1, teamId: 1, name: 1 } },
    { keys: { orgId: 1, name: 1 } },
    { keys: { feedTokenHash: 1 } },
  ],
});

export const onCallSchedulesView = {
  ...model,
  /** Another organization's schedule is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  byIds: (reader: ViewReader, orgId: string, ids: readonly string[]) =>
    ids.length === 0 ? Promise.resolve([]) : model.find(reader, { orgId, _id: { $in: [...new Set(ids)] } }),
  ofTeam: (reader: ViewReader, orgId: string, teamId: string) =>
    model.find(reader, { orgId, teamId }, { sort: { name: 1, _id: 1 } }),
  ofOrganization: (reader: ViewReader, orgId: string) => model.find(reader, { orgId }, { sort: { name: 1, _id: 1 } }),
  byFeedTokenHash: (reader: ViewReader, hash: string) => model.findOne(reader, { feedTokenHash: hash }),
};

/** A member taken out of an organization, and when: on no schedule's final line from then on. */
export interface OnCallRemovalDoc extends ViewDocument {
  orgId: string;
  userId: string;
  at: string;
}

const removals = readModel<OnCallRemovalDoc>({
  name: ViewNames.onCallRemovals,
  collection: 'on_call_removals',
  indexes: [{ keys: { orgId: 1, at: 1 } }],
});

export const onCallRemovalsView = {
  ...removals,
  ofOrganization: (reader: ViewReader, orgId: string) => removals.find(reader, { orgId }, { sort: { at: 1 } }),
};

/** What the pure function takes for one schedule: its history and the organization's removals. */
export const scheduleInputOf = (
  doc: Pick<OnCallScheduleDoc, 'versions'>,
  removed: ReadonlyArray<Pick<OnCallRemovalDoc, 'userId' | 'at'>>,
): ScheduleInput => ({
  versions: doc.versions,
  removals: removed.map(({ userId, at }) => ({ userId, at })),
});
