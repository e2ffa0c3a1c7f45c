import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Alert, AlertsResponse, IngestLogEntry, IngestLogsResponse, PagePagination } from '@tocsin/contracts';
import { alertsView, ingestLogsView, type AlertDoc, type AlertFilters, type IngestLogDoc } from '@tocsin/read-models';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { presentPolicyCopy } from './policy-copy';

const pagination = (page: number, perPage: number, total: number): PagePagination => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

export const presentAlert = (doc: AlertDoc): Alert => ({
  id: doc._id,
  source_id: doc.sourceId,
  team_id: doc.teamId,
  status: doc.status,
  episode: doc.episode,
  summary: doc.summary,
  priority: doc.priority,
  labels: doc.labels,
  links: doc.links,
  dedup_key: doc.dedupKey,
  count: doc.count,
  routing: doc.routing,
  policy: presentPolicyCopy(doc.policy),
  acknowledged_by: doc.acknowledged_by,
  resolved_by: doc.resolved_by,
  triggered_at: doc.triggered_at,
  acknowledged_at: doc.acknowledged_at,
  resolved_at: doc.resolved_at,
  updated_at: doc.updated_at,
  group_id: doc.groupId ?? null,
  incident_ids: doc.incidentIds ?? [],
});

const presentEntry = (doc: IngestLogDoc): IngestLogEntry => ({
  id: doc._id,
  source_id: doc.sourceId,
  format: doc.format,
  outcome: doc.outcome,
  results: doc.results.map((r) => ({
    outcome: r.outcome,
    alert_id: r.alertId,
    dedup_key: r.dedupKey,
    summary: r.summary ?? null,
    episode: r.episode ?? null,
    rule_id: r.ruleId ?? null,
    group: r.group ? { group_id: r.group.groupId, role: r.group.role } : null,
    suppressed: r.suppressed
      ? {
          maintenance_id: r.suppressed.maintenanceId,
          maintenance_name: r.suppressed.maintenanceName,
          until: r.suppressed.until,
        }
      : null,
  })),
  message: doc.message,
  errors: doc.errors,
  excerpt: doc.excerpt,
  received_at: doc.received_at,
});

/** Reads of the alerts and ingest-log views, always within the caller's organization. */
@Injectable()
export class AlertsQueries {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async doc(orgId: string, id: string): Promise<AlertDoc> {
    const doc = await alertsView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Alert not found' });
    return doc;
  }

  async find(orgId: string, id: string): Promise<Alert> {
    return presentAlert(await this.doc(orgId, id));
  }

  async list(orgId: string, filters: AlertFilters): Promise<AlertsResponse> {
    const { total, docs } = await alertsView.list(this.store, orgId, filters);
    return { data: docs.map(presentAlert), pagination: pagination(filters.page, filters.perPage, total) };
  }

  async logs(
    orgId: string,
    query: { sourceId?: string; outcome?: string; page: number; perPage: number },
  ): Promise<IngestLogsResponse> {
    const { total, docs } = await ingestLogsView.page(this.store, orgId, query);
    return { data: docs.map(presentEntry), pagination: pagination(query.page, query.perPage, total) };
  }
}
