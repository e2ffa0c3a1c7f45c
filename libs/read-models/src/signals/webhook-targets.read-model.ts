import { ViewNames } from '@tocsin/contracts';
import type { WebhookEventType } from '@tocsin/domain';
import { pageOf, readModel, type ViewDocument, type ViewIndex, type ViewReader } from '../read-model';

/** One document per webhook target. `secret` and `previousSecret` are sealed and never leave the api. */
export interface WebhookTargetDoc extends ViewDocument {
  orgId: string;
  name: string;
  sortName: string;
  url: string;
  eventTypes: WebhookEventType[];
  teamIds: string[];
  status: 'active' | 'paused';
  failures: number;
  failingSince: string | null;
  pausedAt: string | null;
  secret: string;
  secretHint: string;
  previousSecret: string | null;
  /** The log position of the target's creation: it is sent the events after it. */
  since: number;
  created_at: string;
  updated_at: string;
}

const targets = readModel<WebhookTargetDoc>({
  name: ViewNames.webhookTargets,
  collection: 'webhook_targets',
  indexes: [{ keys: { orgId: 1, sortName: 1, _id: 1 } }],
});

export const webhookTargetsView = {
  ...targets,
  /** Another organization's target is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => targets.findOne(reader, { _id: id, orgId }),
  /** Every target of the organization (what an alert event is matched against). */
  ofOrg: (reader: ViewReader, orgId: string) => targets.find(reader, { orgId }, { sort: { sortName: 1, _id: 1 } }),
  page: (reader: ViewReader, orgId: string, page: number, perPage: number) =>
    pageOf(targets, reader, { orgId }, { sortName: 1, _id: 1 }, page, perPage),
};

/** One document per try of a delivery, id `{target}/{event}/{round}/{attempt}`. */
export interface WebhookDeliveryDoc extends ViewDocument {
  orgId: string;
  targetId: string;
  eventId: string;
  eventType: WebhookEventType;
  round: number;
  attempt: number;
  at: string;
  durationMs: number;
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  /** The try's position in the log: the newest first. */
  position: number;
}

const deliveries = readModel<WebhookDeliveryDoc>({
  name: ViewNames.webhookDeliveries,
  collection: 'webhook_deliveries',
  indexes: [{ keys: { orgId: 1, targetId: 1, position: -1 } }],
});

export const webhookDeliveriesView = {
  ...deliveries,
  page: (reader: ViewReader, orgId: string, targetId: string, page: number, perPage: number) =>
    pageOf(deliveries, reader, { orgId, targetId }, { position: -1 }, page, perPage),
};

/**
 * The alert events webhook targets are sent, one document per event, id its log position, written by the
 * webhook dispatcher with its checkpoint (so the collection always holds a prefix of the log: paging it by
 * position misses nothing and repeats nothing). `payload` is the delivery's body.
 */
export interface WebhookEventDoc extends ViewDocument {
  orgId: string;
  position: number;
  type: WebhookEventType;
  teamId: string;
  payload: Record<string, unknown>;
}

export const WEBHOOK_EVENTS = 'webhook_events';
export const WEBHOOK_EVENTS_INDEXES: readonly ViewIndex[] = [{ keys: { orgId: 1, position: 1 } }];

export const webhookEventsView = {
  collection: WEBHOOK_EVENTS,
  indexes: WEBHOOK_EVENTS_INDEXES,
  /** One event of the organization by its id (a position). */
  find: (reader: ViewReader, orgId: string, position: number) =>
    reader.findOne<WebhookEventDoc>(WEBHOOK_EVENTS, { orgId, position }),
  /** The next `limit` events after `after` a target with these filters is sent, in log order. */
  after: (
    reader: ViewReader,
    query: { orgId: string; after: number; types: readonly string[]; teamIds: readonly string[]; limit: number },
  ) =>
    reader.find<WebhookEventDoc>(
      WEBHOOK_EVENTS,
      {
        orgId: query.orgId,
        position: { $gt: query.after },
        type: { $in: [...query.types] },
        ...(query.teamIds.length > 0 && { teamId: { $in: [...query.teamIds] } }),
      },
      { sort: { position: 1 }, limit: query.limit },
    ),
};
